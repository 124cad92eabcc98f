import { usersRouteOf } from './users-route';

describe('usersRouteOf', () => {
  it('reads the list, the panel and the action routes of docs/product.md', () => {
    expect(usersRouteOf('')).toEqual({ kind: 'list' });
    expect(usersRouteOf('u-1')).toEqual({ kind: 'panel', id: 'u-1' });
    expect(usersRouteOf('u-1/disable')).toEqual({ kind: 'disable', id: 'u-1' });
    expect(usersRouteOf('u-1/enable/')).toEqual({ kind: 'enable', id: 'u-1' });
    expect(usersRouteOf('u-1,u-2,u-1/bulk-delete')).toEqual({
      kind: 'bulk-delete',
      ids: ['u-1', 'u-2'],
    });
  });

  it('shows the list for an address it does not know', () => {
    expect(usersRouteOf('u-1/explode')).toEqual({ kind: 'list' });
    expect(usersRouteOf('a/b/c')).toEqual({ kind: 'list' });
    expect(usersRouteOf(',/bulk-delete')).toEqual({ kind: 'list' });
  });
});
