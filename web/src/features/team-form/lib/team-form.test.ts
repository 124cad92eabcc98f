import { TEAM_MESSAGES } from '@core/teams';
import { changedFields, teamFieldsSchema } from './team-form';

describe('the team form', () => {
  it("says the spec's message for a description over 1000 characters and the bounds of the name", () => {
    const issues = (values: object) => teamFieldsSchema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ name: 'Owls', description: 'x'.repeat(1001) })).toEqual(['Description should be less than 1000 characters.']);
    expect(issues({ name: 'O', description: 'Fine' })).toEqual([TEAM_MESSAGES.nameLength]);
    expect(issues({ name: 'O'.repeat(21), description: 'Fine' })).toEqual([TEAM_MESSAGES.nameLength]);
    expect(teamFieldsSchema.parse({ name: 'Owls', description: 'Fine' })).toEqual({ name: 'Owls', description: 'Fine', game: '' });
  });

  it('sends only the fields an edit changed', () => {
    const team = { name: 'Owls', description: 'Night team', game: 'Valorant' as const };
    expect(changedFields(team, { ...team, game: 'Fortnite' })).toEqual({ game: 'Fortnite' });
    expect(changedFields(team, team)).toEqual({});
  });
});
