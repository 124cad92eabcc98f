import { isObjectType } from 'graphql';
import { GAMER_READ, GAMERS_OWN_DATA, type FieldPolicy, TEAM_OWNER, TEAM_STATISTICS } from '@core/policy';
import { policyMap } from '../api-fields';
import { lambdaFunctions } from '../resolver-map';
import { buildAppSyncSchema } from '../schema';
import { type Caller, logger, type ResolverEvent } from './appsync';
import { authorizeTeam, authorizeUser } from './authorization';
import { errorTypeOf } from './errors';
import { createFieldHandler, field } from './fields';
import { countingRelations } from './stores/test-support/records';

const schema = buildAppSyncSchema();

/** Every Query, Mutation and Subscription field with the auth directives written on it. */
const rootFields = (['Query', 'Mutation', 'Subscription'] as const).flatMap((typeName) => {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return [];
  return Object.values(type.getFields()).map((field) => ({
    name: `${typeName}.${field.name}`,
    directives: (field.astNode?.directives ?? []).map((directive) => directive.name.value),
  }));
});

const event = (field: string, identity: object | null) => {
  const [parentTypeName, fieldName] = field.split('.');
  return { info: { parentTypeName, fieldName }, arguments: {}, identity } as unknown as ResolverEvent;
};

describe('policy map against schema.graphql', () => {
  it('has a row for every root field of the schema', () => {
    expect(rootFields.map((field) => field.name).filter((name) => !(name in policyMap))).toEqual([]);
  });

  it('has no row for a field the schema lacks', () => {
    const names = new Set(rootFields.map((field) => field.name));
    expect(Object.keys(policyMap).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(rootFields)('$name: opens to the public token and to users exactly as its auth directives do', ({ name, directives }) => {
    const policy = policyMap[name as keyof typeof policyMap];
    const userPoolDirective = directives.includes('aws_cognito_user_pools');
    // Without any auth directive a field takes the API's default mode, Cognito user pools.
    const admitsUsers = userPoolDirective || !(directives.includes('aws_lambda') || directives.includes('aws_iam'));
    expect({ public: policy.public, iam: 'iam' in policy && policy.iam, users: policy.users !== 'none' }).toEqual({
      public: directives.includes('aws_lambda'),
      iam: directives.includes('aws_iam'),
      users: admitsUsers,
    });
  });
});

describe('field handlers', () => {
  beforeAll(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));

  const handler = createFieldHandler(
    { 'Mutation.submitAnswers': field({ policy: GAMERS_OWN_DATA, resolve: async () => 'answered' }) },
    { teams: { get: async () => null, getMembership: async () => null, membershipsOfUser: async () => [] }, signOuts: null },
  );

  it("refuses a role the field's row does not admit before the resolver runs, and runs it for one it admits", async () => {
    const coach = { sub: 'c1', groups: ['COACH'], claims: {} };
    const refusal = await handler(event('Mutation.submitAnswers', coach)).catch((error: unknown) => error);
    expect({ type: errorTypeOf(refusal), message: (refusal as Error).message }).toEqual({
      type: 'Unauthorized',
      message: 'Only gamers answer the daily check-in.',
    });
    await expect(handler(event('Mutation.submitAnswers', { ...coach, groups: ['COACH', 'GAMER'] }))).resolves.toBe('answered');
  });

  it.each(Object.values(lambdaFunctions).map((fn) => fn.entry))('%s authorizes every field through the policy map', async (entry) => {
    type ProductHandler = ((e: ResolverEvent) => Promise<unknown>) & { fields: string[] };
    const { handler: product } = (await import(`../../${entry}`)) as { handler: ProductHandler };
    // Signed out with no public token behind it: every field that is not public is refused before any store is touched.
    const closed = product.fields.filter((name) => !policyMap[name as keyof typeof policyMap].public);
    const outcomes = await Promise.all(closed.map((field) => product(event(field, null)).then(() => 'served', errorTypeOf)));
    expect(outcomes).toEqual(closed.map(() => 'Unauthorized'));
  });
});

describe('relations read only as far as the row needs', () => {
  const { team } = countingRelations();
  const caller = (sub: string, groups: string[]): Caller => ({ sub, email: null, groups, role: null });
  const PLAYERS_TOO: FieldPolicy = {
    ...TEAM_STATISTICS,
    subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
  };

  it.each([
    ['the owner', 'admitted', [], caller('director-1', ['DIRECTOR']), TEAM_STATISTICS],
    ['an admin', 'admitted', [], caller('admin-1', ['ADMIN']), TEAM_STATISTICS],
    ['an admin who is not the owner, on an owner-only row', 'admitted', [], caller('admin-1', ['ADMIN']), TEAM_OWNER],
    ['a coach of the team', 'admitted', ['coach-1'], caller('coach-1', ['COACH']), TEAM_STATISTICS],
    ['a gamer of the team, on the statistics', 'refused', ['gamer-1'], caller('gamer-1', ['GAMER']), TEAM_STATISTICS],
    ['a gamer of the team, on a row admitting members', 'admitted', ['gamer-1'], caller('gamer-1', ['GAMER']), PLAYERS_TOO],
    ['another director', 'refused', ['director-2'], caller('director-2', ['DIRECTOR']), TEAM_STATISTICS],
    // No membership makes an owner-only row admit anyone: a coach is refused without the read.
    ['a coach, on an owner-only row', 'refused', [], caller('coach-1', ['COACH']), TEAM_OWNER],
  ] as const)('authorizeTeam: %s is %s, reading the memberships of %j', async (_label, outcome, membershipReads, who, row) => {
    const { reads, stores } = countingRelations();
    const answer = await authorizeTeam(row, who, team.id, stores).then(
      (admitted) => (admitted.id === team.id ? 'admitted' : 'wrong team'),
      () => 'refused',
    );
    expect({ answer, reads }).toEqual({ answer: outcome, reads: membershipReads });
  });

  it("authorizeUser admits the team's director to its gamer without reading his own membership, and a coach through his", async () => {
    const director = countingRelations();
    await expect(authorizeUser(GAMER_READ, caller('director-1', ['DIRECTOR']), 'gamer-1', director.stores)).resolves.toBe('gamer-1');
    expect(director.reads).toEqual([]);
    const coach = countingRelations();
    await expect(authorizeUser(GAMER_READ, caller('coach-1', ['COACH']), 'gamer-1', coach.stores)).resolves.toBe('gamer-1');
    expect(coach.reads).toEqual(['coach-1']);
    const stranger = countingRelations();
    await expect(authorizeUser(GAMER_READ, caller('director-2', ['DIRECTOR']), 'gamer-1', stranger.stores)).rejects.toThrow(GAMER_READ.refusal);
  });
});
