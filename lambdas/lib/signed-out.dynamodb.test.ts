import { createResolverHandler, logger, type ResolverEvent } from './appsync';
import { errorTypeOf } from './errors';
import { SIGNED_OUT_MESSAGE } from './signed-out';
import { dynamoSignOutStore as signOuts } from './stores/sign-out-store';
import { freshIds } from './stores/test-support/records';

/** The sign-out check on AWS, where AppSync hands any unexpired token on: createResolverHandler refuses it. */
describe('tokens issued before a sign-out', () => {
  const SIGNED_OUT_AT = 1_800_000_000;
  // Fresh accounts on DynamoDB Local (jest project `dynamodb`): u1 signed out, u2 never did.
  const id = freshIds();
  const [u1, u2] = [id('u1'), id('u2')];
  beforeAll(() => signOuts.signOut(u1, new Date(SIGNED_OUT_AT * 1000)));
  const handler = createResolverHandler({ 'Query.whoAmI': async (event) => (event.identity as { sub: string }).sub }, { signOuts });
  const callAs = (sub: string, iat: number) =>
    handler({
      info: { parentTypeName: 'Query', fieldName: 'whoAmI' },
      arguments: {},
      identity: { sub, claims: { sub, iat }, groups: ['GAMER'], sourceIp: ['203.0.113.1'] },
    } as unknown as ResolverEvent);

  beforeAll(() => {
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });

  it('are refused with a message that makes the web app renew its session', async () => {
    const error = await callAs(u1, SIGNED_OUT_AT - 1).catch((e: unknown) => e);
    expect(errorTypeOf(error)).toBe('Unauthorized');
    expect((error as Error).message).toBe(SIGNED_OUT_MESSAGE);
    expect(SIGNED_OUT_MESSAGE).toContain('jwt expired');
  });

  it("are refused when issued in the sign-out's own second (iat cannot tell before from after)", async () => {
    await expect(callAs(u1, SIGNED_OUT_AT)).rejects.toThrow(SIGNED_OUT_MESSAGE);
  });

  it("are served when issued after the sign-out's second, or for an account that never signed out", async () => {
    await expect(callAs(u1, SIGNED_OUT_AT + 1)).resolves.toBe(u1);
    await expect(callAs(u2, SIGNED_OUT_AT - 100)).resolves.toBe(u2);
  });
});
