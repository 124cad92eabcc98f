import { NO_FILTERS, usersWhere } from './user-list';

describe('usersWhere', () => {
  it('asks nothing of the API for no search and no filter', () => {
    expect(usersWhere('', NO_FILTERS)).toEqual({});
  });

  it('turns the status select into enabled, and passes roles, subscriptions and the search', () => {
    expect(
      usersWhere('jane', {
        status: 'inactive',
        roles: ['COACH'],
        subscriptions: ['FG_PRO_BYTEAM'],
      }),
    ).toEqual({
      search: 'jane',
      enabled: false,
      roles: ['COACH'],
      subscriptions: ['FG_PRO_BYTEAM'],
    });
    expect(usersWhere('', { ...NO_FILTERS, status: 'active' })).toEqual({
      enabled: true,
    });
  });
});
