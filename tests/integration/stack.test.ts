/**
 * The local stack as a whole (started once by tests/support/global-setup.ts): web config, seeded
 * accounts signing in through Cognito, the gateway calling the real Lambdas against DynamoDB Local,
 * S3 and the mail outbox.
 */
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from '../../scripts/local/s3';
import { isLoopback, listeningSockets } from '../support/listening-sockets';
import { cognitoClient, demoAccounts, demoTeams, graphql, signIn, stackInfo, stackUrls, waitForMail } from '../support/stack';

jest.setTimeout(30_000);

const nightOwls = demoTeams.find((t) => t.name === 'Night Owls')!;

function claims(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
}

describe('local stack', () => {
  it('serves /config.json for the web app, pointing at its own /graphql', async () => {
    const { baseUrl } = stackUrls();
    const response = await fetch(`${baseUrl}/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = await response.json();
    expect(config).toMatchObject({
      mode: 'local',
      region: 'us-east-1',
      graphqlEndpoint: `${baseUrl}/graphql`,
      publicToken: expect.stringMatching(/^fitgauge-public-/),
      userPoolId: 'us-east-1_LocalDev1',
      userPoolClientId: expect.any(String),
      uploadsBucketUrl: expect.stringMatching(/\/fitgauge-uploads$/),
    });
    expect(baseUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('listens on the loopback interface only: the app, every stand-in and the DynamoDB Local JVM', () => {
    const { pid, dynamoDbPid, urls } = stackInfo();
    const sockets = [...listeningSockets(pid), ...listeningSockets(dynamoDbPid)];
    const stackPorts = [urls.app, urls.dynamodb, urls.cognito, urls.s3].map((url) => Number(new URL(url).port));
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining(stackPorts));
    expect(sockets.filter((socket) => !isLoopback(socket.address))).toEqual([]);
  });

  it('serves the built web app, with client-side routes falling back to index.html', async () => {
    const { baseUrl } = stackUrls();
    const home = await fetch(baseUrl);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const html = await home.text();

    const deepLink = await fetch(`${baseUrl}/home/my-team/statistics`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toBe(html);

    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${baseUrl}/assets/missing-file.js`)).status).toBe(404);
  });

  it('lets every demo account sign in with Passw0rd!, its role as Cognito group and the AWS issuer', async () => {
    const { userPoolId } = stackUrls();
    for (const account of demoAccounts) {
      const tokens = await signIn(account.email);
      const id = claims(tokens.idToken);
      expect({ email: id.email, groups: id['cognito:groups'] }).toEqual({ email: account.email, groups: [account.role] });
      expect(id.iss).toBe(`https://cognito-idp.us-east-1.amazonaws.com/${userPoolId}`);
      expect(claims(tokens.accessToken)['cognito:groups']).toEqual([account.role]);
    }
  });

  it('answers health with the public token, and refuses it without any auth', async () => {
    const withKey = await graphql('{ health { status version time } }', {}, { publicToken: true });
    expect(withKey.status).toBe(200);
    expect(withKey.data?.health).toEqual({ status: 'ok', version: expect.any(String), time: expect.any(String) });

    const anonymous = await graphql('{ health { status } }');
    expect(anonymous.status).toBe(401);
  });

  it('answers 413 to a 10 MB request, and keeps serving', async () => {
    const { graphqlUrl, publicToken } = stackUrls();
    const response = await fetch(graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: publicToken },
      body: JSON.stringify({ query: `{ health { status } } # ${'x'.repeat(10 * 1024 * 1024)}` }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].errorType).toBe('PayloadTooLargeException');
    expect((await graphql('{ health { status } }', {}, { publicToken: true })).data?.health).toEqual({ status: 'ok' });
  });

  it("returns the signed-in director's own profile from `me`", async () => {
    const { accessToken } = await signIn('director@fitgauge.test');
    const result = await graphql('{ me { id email role fullName enabled } }', {}, { token: accessToken });
    expect(result.errors).toBeUndefined();
    expect(result.data?.me).toEqual({
      id: claims(accessToken).sub,
      email: 'director@fitgauge.test',
      role: 'DIRECTOR',
      fullName: 'Dana Director',
      enabled: true,
    });
  });

  it('lets the director select Night Owls and keeps the choice; refuses a gamer of another team', async () => {
    const setTeam = 'mutation Set($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId team { name game } } }';
    const director = await signIn('director@fitgauge.test');
    const chosen = await graphql(setTeam, { teamId: nightOwls.id }, { token: director.accessToken });
    expect(chosen.errors).toBeUndefined();
    expect(chosen.data?.setSelectedTeam).toEqual({ teamId: nightOwls.id, team: { name: 'Night Owls', game: 'Valorant' } });
    const restored = await graphql('{ getSelectedTeam { teamId } }', {}, { token: director.accessToken });
    expect(restored.data?.getSelectedTeam).toEqual({ teamId: nightOwls.id });

    const gamer6 = await signIn('gamer6@fitgauge.test');
    const refused = await graphql(setTeam, { teamId: nightOwls.id }, { token: gamer6.accessToken });
    expect(refused.data?.setSelectedTeam ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'You are not a member of this team.' });
  });

  it('keeps running after a malformed multipart POST to S3', async () => {
    const { s3Endpoint, baseUrl } = stackUrls();
    const boundary = 'xYzBoundary';
    const broken = await fetch(`${s3Endpoint}/fitgauge-uploads`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ncut off`,
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    // Still serving: a listing signed with the local keys answers (an unsigned one is refused by the guard).
    expect((await fetch(`${s3Endpoint}/fitgauge-uploads?list-type=2`)).status).toBe(403);
    const s3 = new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
    try {
      // Under a prefix nobody writes: s3rver lists by walking its folders, and other suites' uploads and deletes
      // racing that walk make it answer InternalError.
      const listing = await s3.send(new ListObjectsV2Command({ Bucket: 'fitgauge-uploads', Prefix: 'stack-test-empty/', MaxKeys: 1 }));
      expect({ status: listing.$metadata.httpStatusCode, keys: listing.KeyCount }).toEqual({ status: 200, keys: 0 });
    } finally {
      s3.destroy();
    }
    expect((await fetch(`${baseUrl}/config.json`)).status).toBe(200);
  });

  it("writes Cognito's password-reset code e-mail to the outbox", async () => {
    const since = new Date(Date.now() - 1000);
    const client = cognitoClient();
    try {
      await client.send(new ForgotPasswordCommand({ ClientId: stackUrls().userPoolClientId, Username: 'solo@fitgauge.test' }));
    } finally {
      client.destroy();
    }
    const mail = await waitForMail('solo@fitgauge.test', since);
    expect(mail.subject).toBe('Your FitGauge password reset code');
    expect(mail.text).toMatch(/\d{6}/);
  });
});
