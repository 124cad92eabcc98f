import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { lowerCaseKeys } from './auth';
import { createIamVerifier, isSigV4, type SignedRequest } from './iam';

const LOCAL = { accessKeyId: 'local', secretAccessKey: 'local' };
const SIGNED_AT = new Date('2026-11-22T18:00:00Z');

/** A POST /graphql signed as a Lambda signs it (lambdas/lib/api-publish.ts). */
async function signedRequest(body: string, credentials = LOCAL, service = 'appsync'): Promise<SignedRequest> {
  const signer = new SignatureV4({ service, region: 'us-east-1', credentials, sha256: Sha256 });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 4000,
      path: '/graphql',
      query: {},
      headers: { host: '127.0.0.1:4000', 'content-type': 'application/json' },
      body,
    },
    { signingDate: SIGNED_AT },
  );
  return { method: 'POST', url: '/graphql', headers: lowerCaseKeys(signed.headers), body };
}

const BODY = JSON.stringify({ query: 'mutation { publishTeamMembersChanged(teamId: "t1", change: joined, at: "2026-11-22T18:00:00Z") { teamId } }' });
const verify = createIamVerifier(LOCAL, { now: () => SIGNED_AT.getTime() + 60_000 });
const refusal = (request: Promise<SignedRequest>) =>
  request.then(verify).then(
    () => 'accepted',
    (error: Error) => error.message,
  );

describe('local IAM mode (SigV4)', () => {
  it("accepts a request signed with the functions' credentials", async () => {
    const request = await signedRequest(BODY);
    expect(isSigV4(request.headers)).toBe(true);
    await expect(verify(request)).resolves.toEqual({ accessKeyId: 'local' });
  });

  it('refuses another secret, another access key, another service, a changed body and an old signature', async () => {
    expect(await refusal(signedRequest(BODY, { accessKeyId: 'local', secretAccessKey: 'guessed' }))).toMatch('does not match');
    expect(await refusal(signedRequest(BODY, { accessKeyId: 'other', secretAccessKey: 'local' }))).toMatch('security token');
    expect(await refusal(signedRequest(BODY, LOCAL, 'execute-api'))).toMatch('security token');
    expect(await refusal(signedRequest(BODY).then((request) => ({ ...request, body: BODY.replace('t1', 't2') })))).toMatch('body does not match');
    const late = createIamVerifier(LOCAL, { now: () => SIGNED_AT.getTime() + 6 * 60_000 });
    await expect(signedRequest(BODY).then(late)).rejects.toThrow('Signature expired.');
  });

  it('tells a SigV4 authorization header from a Cognito token', () => {
    expect(isSigV4({ authorization: 'eyJraWQiOi.x.y' })).toBe(false);
    expect(isSigV4({})).toBe(false);
  });
});
