import { OWN_DATA, TEAM_OWNER } from '@core/policy';
import { logger, type ResolverEvent } from './appsync';
import { errorTypeOf } from './errors';
import { createFieldHandler, field } from './fields';
import { SIGNED_OUT_MESSAGE } from './signed-out';
import { dynamoSignOutStore as signOuts } from './stores/sign-out-store';
import { freshIds, seedRecords, teamRecord } from './stores/test-support/records';

/**
 * The sign-out check on AWS, where AppSync hands any unexpired token on: the field handler, with the tables' stores
 * (its first reads, the sign-out and the row's team, go out as one BatchGetItem), refuses it.
 */
describe('tokens issued before a sign-out', () => {
  const SIGNED_OUT_AT = 1_800_000_000;
  // Fresh accounts on DynamoDB Local (jest project `dynamodb`): u1 signed out, u2 never did; u1 and u2 own a team each.
  const id = freshIds();
  const [u1, u2] = [id('u1'), id('u2')];
  beforeAll(async () => {
    await signOuts.signOut(u1, new Date(SIGNED_OUT_AT * 1000));
    await seedRecords({ teams: [teamRecord(id('t1'), u1, { name: 'Owls' }), teamRecord(id('t2'), u2, { name: 'Wolves' })] });
  });
  const handler = createFieldHandler({
    'Query.whoAmI': field({ policy: OWN_DATA, resolve: async ({ caller }) => caller.sub }),
    'Query.teamName': field({ policy: TEAM_OWNER, resolve: async ({ team }) => team.name }),
  });
  const callAs = (sub: string, iat: number, fieldName = 'whoAmI', args: Record<string, unknown> = {}) =>
    handler({
      info: { parentTypeName: 'Query', fieldName },
      arguments: args,
      identity: { sub, claims: { sub, iat }, groups: ['DIRECTOR'], sourceIp: ['203.0.113.1'] },
    } as unknown as ResolverEvent);

  beforeAll(() => {
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });

  it('are refused with a message that makes the web app renew its session', async () => {
    const error = await callAs(u1, SIGNED_OUT_AT - 1).catch((e: unknown) => e);
    expect(errorTypeOf(error)).toBe('Unauthorized');
    expect((error as Error).message).toBe(SIGNED_OUT_MESSAGE);
    expect(SIGNED_OUT_MESSAGE).toContain('jwt expired');
    await expect(callAs(u1, SIGNED_OUT_AT - 1, 'teamName', { teamId: id('t1') })).rejects.toThrow(SIGNED_OUT_MESSAGE);
  });

  it("are refused when issued in the sign-out's own second (iat cannot tell before from after)", async () => {
    await expect(callAs(u1, SIGNED_OUT_AT)).rejects.toThrow(SIGNED_OUT_MESSAGE);
  });

  it("are served when issued after the sign-out's second, or for an account that never signed out", async () => {
    await expect(callAs(u1, SIGNED_OUT_AT + 1)).resolves.toBe(u1);
    await expect(callAs(u2, SIGNED_OUT_AT - 100)).resolves.toBe(u2);
    // The team read together with the sign-out authorizes the call: its owner gets it, another director does not.
    await expect(callAs(u1, SIGNED_OUT_AT + 1, 'teamName', { teamId: id('t1') })).resolves.toBe('Owls');
    await expect(callAs(u2, SIGNED_OUT_AT - 100, 'teamName', { teamId: id('t2') })).resolves.toBe('Wolves');
    await expect(callAs(u2, SIGNED_OUT_AT - 100, 'teamName', { teamId: id('t1') })).rejects.toMatchObject({ name: 'Unauthorized' });
    await expect(callAs(u2, SIGNED_OUT_AT - 100, 'teamName', { teamId: id('missing') })).rejects.toMatchObject({ name: 'Unauthorized' });
  });
});
