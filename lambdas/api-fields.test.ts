import { join } from 'node:path';
import { isObjectType } from 'graphql';
import { GAMERS_OWN_DATA, GAMERS_REMINDERS, GAMERS_SHARE, isAllowed, TEAM_STATISTICS } from '@core/policy';
import { apiFields, fieldsDeclaredTwice, policyMap, resolverMap } from './api-fields';
import { lambdaFunctions, type LambdaFunctionName } from './resolver-map';
import { buildAppSyncSchema } from './schema';

const schema = buildAppSyncSchema();

function rootFields(): string[] {
  return (['Query', 'Mutation', 'Subscription'] as const).flatMap((typeName) => {
    const type = schema.getType(typeName);
    return isObjectType(type) ? Object.keys(type.getFields()).map((field) => `${typeName}.${field}`) : [];
  });
}

describe('field declarations (lambdas/api-fields.ts)', () => {
  it('declare every root field of the schema', () => {
    const undeclared = rootFields().filter((field) => !(field in resolverMap));
    expect(undeclared).toEqual([]);
  });

  it('declare no field the schema lacks', () => {
    const fields = new Set(rootFields());
    expect(Object.keys(resolverMap).filter((field) => !fields.has(field))).toEqual([]);
  });

  it('declare each field in one domain only', () => {
    expect(fieldsDeclaredTwice()).toEqual([]);
  });

  it('cover every resolver Lambda', () => {
    expect(Object.keys(apiFields).sort()).toEqual(Object.keys(lambdaFunctions).sort());
  });

  it.each(Object.keys(lambdaFunctions) as LambdaFunctionName[])('%s: its entry file serves exactly its declarations', async (name) => {
    const module = (await import(join(__dirname, '..', lambdaFunctions[name].entry))) as { handler: { fields: string[]; declarations: unknown } };
    expect(module.handler.declarations).toBe(apiFields[name]);
    expect([...module.handler.fields].sort()).toEqual(Object.keys(apiFields[name]).sort());
  });
});

describe('policy map (gathered from the declarations)', () => {
  const user = (...groups: string[]) => ({ signedIn: true as const, groups });

  // The web app shows or hides these pages by asking the same shared rows (navigation, check-in, sharing, reminders).
  it('gives the fields the web app asks about the very rows it asks', () => {
    expect(policyMap['Query.myTeamScoreStats']).toBe(TEAM_STATISTICS);
    expect(policyMap['Mutation.submitAnswers']).toBe(GAMERS_OWN_DATA);
    expect(policyMap['Mutation.updateShareFGScore']).toBe(GAMERS_SHARE);
    expect(policyMap['Query.reminderSettings']).toBe(GAMERS_REMINDERS);
  });

  it("keeps the spec's rows of a few fields the web app also asks", () => {
    expect(isAllowed(policyMap['Mutation.setSelectedTeam'], user('GAMER'), ['member'])).toBe(true);
    expect(isAllowed(policyMap['Query.myTeamScoreStats'], user('GAMER'), ['member'])).toBe(false);
    expect(isAllowed(policyMap['Subscription.onSelectedTeamChanged'], user('SUPERADMIN'), ['admin'])).toBe(false);
  });

  it('names the argument that carries the subject of every user, team or comment field', () => {
    const subjects = Object.values(policyMap).flatMap(({ subject }) =>
      subject.kind === 'none' || subject.kind === 'caller' ? [] : [`${subject.kind}:${subject.argument}`],
    );
    // teamsByOwner names its user ownerId, as the spec does; getRepliedComment names its comment answerTo; user (the
    // spec's "user by where") names it id, updateUser where.id. The authorization matrix passes the subject under these names.
    expect(new Set(subjects)).toEqual(new Set(['user:userId', 'user:ownerId', 'user:id', 'user:where.id', 'team:teamId', 'comment:answerTo']));
  });
});
