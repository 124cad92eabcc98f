import { isObjectType } from 'graphql';
import { GAMERS_OWN_DATA } from '@core/policy';
import { policyMap } from '../api-fields';
import { lambdaFunctions } from '../resolver-map';
import { buildAppSyncSchema } from '../schema';
import { logger, type ResolverEvent } from './appsync';
import { errorTypeOf } from './errors';
import { createFieldHandler, field } from './fields';

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
