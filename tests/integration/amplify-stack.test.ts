/**
 * The real aws-amplify v6 client against the running local stack: Cognito tokens from the local user pool,
 * the gateway, the teams Lambda and DynamoDB Local. A query, a mutation, and the subscription event it publishes.
 */
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { decodeJWT } from 'aws-amplify/auth';
import { connectedOnce, eventually, installAmplifyNodeGlobals } from '../support/amplify-node';
import { createPrivateKey, createSign } from 'node:crypto';
import WebSocket from 'ws';
import cognitoLocalKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import { demoTeams, signIn, stackUrls } from '../support/stack';

const urls = stackUrls();
let tokens: { idToken: string; accessToken: string };
let directorId: string;

beforeAll(async () => {
  installAmplifyNodeGlobals();
  tokens = await signIn('director@fitgauge.test');
  directorId = decodeJWT(tokens.idToken).payload.sub as string;
  Amplify.configure(
    {
      Auth: { Cognito: { userPoolId: urls.userPoolId, userPoolClientId: urls.userPoolClientId } },
      API: { GraphQL: { endpoint: urls.graphqlUrl, region: urls.region, defaultAuthMode: 'userPool' } },
    },
    { Auth: { tokenProvider: { getTokens: async () => ({ accessToken: decodeJWT(tokens.accessToken), idToken: decodeJWT(tokens.idToken) }) } } },
  );
});

describe('aws-amplify v6 through the local gateway', () => {
  it('reads the public health query with the public token', async () => {
    const result = await generateClient({ authMode: 'lambda', authToken: urls.publicToken }).graphql({ query: '{ health { status version } }' });
    expect(result).toMatchObject({ data: { health: { status: 'ok' } } });
  });

  it('queries as the signed-in director', async () => {
    const result = (await generateClient().graphql({ query: '{ me { id email } }' })) as { data: { me: { id: string; email: string } } };
    expect(result.data.me).toEqual({ id: directorId, email: 'director@fitgauge.test' });
  });

  it('receives the mutation it makes through its subscription', async () => {
    const client = generateClient();
    const received: unknown[] = [];
    const failures: unknown[] = [];
    const ready = connectedOnce();
    const subscription = (
      client.graphql({
        query: 'subscription ($userId: ID!) { onSelectedTeamChanged(userId: $userId) { userId teamId team { name } } }',
        variables: { userId: directorId },
      }) as unknown as { subscribe(observer: object): { unsubscribe(): void } }
    ).subscribe({ next: (event: unknown) => received.push(event), error: (error: unknown) => failures.push(error) });
    try {
      await ready;
      const nightOwls = demoTeams.find((team) => team.name === 'Night Owls')!;
      const result = (await client.graphql({
        query: 'mutation ($teamId: ID!) { setSelectedTeam(teamId: $teamId) { userId teamId team { name } } }',
        variables: { teamId: nightOwls.id },
      })) as { data: { setSelectedTeam: unknown } };
      expect(result.data.setSelectedTeam).toEqual({ userId: directorId, teamId: nightOwls.id, team: { name: 'Night Owls' } });

      await eventually(received);
      expect(failures).toEqual([]);
      expect(received).toEqual([
        expect.objectContaining({ data: { onSelectedTeamChanged: { userId: directorId, teamId: nightOwls.id, team: { name: 'Night Owls' } } } }),
      ]);
    } finally {
      subscription.unsubscribe();
    }
  });
});

/** A real token from the local pool with its signature's last characters changed. */
function tamper(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

/**
 * The same token re-signed, as the local pool would, with cognito-local's own key but an expiry in the past:
 * correctly signed, so only the expiry check can refuse it.
 */
function expiredToken(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const body = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url');
  const key = createPrivateKey({ key: cognitoLocalKey.jwk, format: 'jwk' });
  const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(key).toString('base64url');
  return `${header}.${body}.${signature}`;
}

describe('gateway refuses bad tokens', () => {
  it.each([
    ['a bad signature', () => tamper(tokens.accessToken)],
    ['an expired token', () => expiredToken(tokens.accessToken)],
  ])('answers 401 over HTTP for %s', async (_name, token) => {
    const response = await fetch(urls.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token() },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })] });
  });

  it.each([
    ['a bad signature', () => tamper(tokens.accessToken)],
    ['an expired token', () => expiredToken(tokens.accessToken)],
  ])('sends connection_error over the websocket for %s', async (_name, token) => {
    const header = Buffer.from(JSON.stringify({ host: new URL(urls.graphqlUrl).host, Authorization: token() })).toString('base64url');
    const socket = new WebSocket(urls.realtimeUrl, ['graphql-ws', `header-${header}`]);
    const first = await new Promise<{ type: string }>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      socket.on('message', (data) => resolve(JSON.parse(String(data))));
      socket.on('error', reject);
    });
    socket.close();
    expect(first.type).toBe('connection_error');
  });
});
