/**
 * The embedded cognito-local as the local stack starts it, on a throwaway data folder: a restart keeps
 * every group membership, and the local pool is no laxer than Cognito where sign-in is concerned.
 */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '@core/roles';
import { startCognitoProcess, type CognitoProcess } from '../../tests/support/cognito-process';
import { createCognitoVerifier } from './gateway/auth';
import { freePorts } from './ports';

jest.setTimeout(30_000);

const PASSWORD = 'Passw0rd!';
/** infra/lib/auth.ts's web client, as tests/infra/fitgauge-stack.test.ts asserts it. */
const CDK_CLIENT_AUTH_FLOWS = ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];
let dataDir: string;
let outboxDir: string;
let cognito: CognitoProcess | undefined;

const start = async () => {
  const [port] = await freePorts(1);
  cognito = await startCognitoProcess({ port, dataDir, outboxDir });
  return cognito;
};
const stop = async () => {
  await cognito?.stop();
  cognito = undefined;
};
async function withClient(running: CognitoProcess, use: (client: CognitoIdentityProviderClient) => Promise<void>): Promise<void> {
  const client = new CognitoIdentityProviderClient({
    endpoint: running.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await use(client);
  } finally {
    client.destroy();
  }
}

/** A confirmed user with a password, in the given group; answers its sub. */
async function createMember(client: CognitoIdentityProviderClient, running: CognitoProcess, email: string, group: string) {
  const { User } = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: running.userPoolId,
      Username: email,
      UserAttributes: [{ Name: 'email', Value: email }],
      MessageAction: 'SUPPRESS',
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: running.userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: running.userPoolId, Username: email, GroupName: group }));
  return User!.Username!;
}

async function groupsOf(client: CognitoIdentityProviderClient, running: CognitoProcess, username: string) {
  const { Groups } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: running.userPoolId, Username: username }));
  return Groups?.map((group) => group.GroupName);
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fitgauge-cognito-'));
  outboxDir = join(dataDir, 'outbox');
});
afterEach(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('local Cognito across restarts', () => {
  it('keeps every group membership and the app client when started again on the same data', async () => {
    const first = await start();
    const subs: Record<string, string> = {};
    await withClient(first, async (client) => {
      subs.admin = await createMember(client, first, 'admin@example.test', 'ADMIN');
      subs.coach = await createMember(client, first, 'coach@example.test', 'COACH');
    });
    await stop();

    const second = await start();
    await withClient(second, async (client) => {
      expect(second.userPoolClientId).toBe(first.userPoolClientId);
      expect(await groupsOf(client, second, subs.admin)).toEqual(['ADMIN']);
      expect(await groupsOf(client, second, subs.coach)).toEqual(['COACH']);
      const { AuthenticationResult } = await client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: second.userPoolId,
          ClientId: second.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'admin@example.test', PASSWORD },
        }),
      );
      const claims = JSON.parse(Buffer.from(AuthenticationResult!.IdToken!.split('.')[1], 'base64url').toString());
      expect(claims['cognito:groups']).toEqual(['ADMIN']);
    });
  });

  it('answers CreateGroup on an existing group with GroupExistsException and keeps its members, as Cognito does', async () => {
    const running = await start();
    await withClient(running, async (client) => {
      const sub = await createMember(client, running, 'gamer@example.test', 'GAMER');
      await expect(client.send(new CreateGroupCommand({ UserPoolId: running.userPoolId, GroupName: 'GAMER' }))).rejects.toMatchObject({
        name: 'GroupExistsException',
      });
      expect(await groupsOf(client, running, sub)).toEqual(['GAMER']);
    });
  });
});

describe('local Cognito sign-in flows', () => {
  it('gives the web client the auth flows of the CDK client, and refuses USER_PASSWORD_AUTH from outside', async () => {
    const running = await start();
    await withClient(running, async (client) => {
      await createMember(client, running, 'solo@example.test', 'GAMER');
      const { UserPoolClient } = await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: running.userPoolId, ClientId: running.userPoolClientId }),
      );
      expect(UserPoolClient?.ExplicitAuthFlows).toEqual(CDK_CLIENT_AUTH_FLOWS);

      await expect(
        client.send(
          new InitiateAuthCommand({
            ClientId: running.userPoolClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'solo@example.test', PASSWORD },
          }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidParameterException', message: 'USER_PASSWORD_AUTH flow not enabled for this client' });

      // The flows the sign-in Lambda uses still work: password sign-in by the admin API, then refresh.
      const signedIn = await client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: running.userPoolId,
          ClientId: running.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'solo@example.test', PASSWORD },
        }),
      );
      const refreshed = await client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: running.userPoolId,
          ClientId: running.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: signedIn.AuthenticationResult!.RefreshToken! },
        }),
      );
      expect(refreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    });
  });

  it('narrows the flows of a client left by an older start that allowed USER_PASSWORD_AUTH', async () => {
    const first = await start();
    await stop();
    // The data file of an older start: its web client also allowed USER_PASSWORD_AUTH.
    const clientsFile = join(dataDir, 'clients.json');
    const clients = JSON.parse(await readFile(clientsFile, 'utf8')) as { Clients: Record<string, { ExplicitAuthFlows: string[] }> };
    clients.Clients[first.userPoolClientId].ExplicitAuthFlows = [
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ];
    await writeFile(clientsFile, JSON.stringify(clients));

    const second = await start();
    await withClient(second, async (client) => {
      const { UserPoolClient } = await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: second.userPoolId, ClientId: second.userPoolClientId }),
      );
      expect(UserPoolClient?.ExplicitAuthFlows).toEqual(CDK_CLIENT_AUTH_FLOWS);
    });
  });

  it('creates one group per role', async () => {
    const running = await start();
    await withClient(running, async (client) => {
      for (const role of ROLES) {
        await expect(client.send(new CreateGroupCommand({ UserPoolId: running.userPoolId, GroupName: role }))).rejects.toMatchObject({
          name: 'GroupExistsException',
        });
      }
    });
  });
});

describe("the local pool signs with its own key, not cognito-local's bundled one", () => {
  /** cognito-local's bundled private key: anyone with the package has it. */
  const bundledKey = () =>
    (JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { pem: string }).pem;

  const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
  /** An RS256 JWT with cognito-local's header, signed with `pem`. */
  const sign = (claims: Record<string, unknown>, pem: string) => {
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }))}.${base64url(JSON.stringify(claims))}`;
    return `${unsigned}.${base64url(createSign('RSA-SHA256').update(unsigned).sign(pem))}`;
  };

  /** The gateway's own verifier against the running pool's JWKS, with nobody signed out. */
  const verifierOf = (running: CognitoProcess) =>
    createCognitoVerifier({
      userPoolId: running.userPoolId,
      userPoolClientId: running.userPoolClientId,
      jwksUri: running.jwksUri,
      signOuts: { signedOutAt: async () => null, signOut: async () => undefined },
    });

  async function signIn(running: CognitoProcess, email: string) {
    let token = '';
    await withClient(running, async (client) => {
      await createMember(client, running, email, 'COACH');
      const { AuthenticationResult } = await client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: running.userPoolId,
          ClientId: running.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      );
      token = AuthenticationResult!.AccessToken!;
    });
    return token;
  }

  it('refuses a token with ADMIN groups signed with the bundled key, and takes its own tokens across a restart', async () => {
    const first = await start();
    const own = await signIn(first, 'member@example.test');
    const now = Math.floor(Date.now() / 1000);
    const forged = sign(
      {
        sub: 'attacker',
        'cognito:groups': ['ADMIN'],
        token_use: 'access',
        client_id: first.userPoolClientId,
        username: 'attacker',
        iss: `https://cognito-idp.us-east-1.amazonaws.com/${first.userPoolId}`,
        auth_time: now,
        iat: now,
        exp: now + 3600,
      },
      bundledKey(),
    );
    await expect(verifierOf(first).verify(forged)).rejects.toThrow(/signature/i);
    await expect(verifierOf(first).verify(own)).resolves.toMatchObject({ token_use: 'access', 'cognito:groups': ['COACH'] });
    expect((await stat(join(dataDir, 'keys.json'))).mode & 0o777).toBe(0o600);
    const firstKey = ((await (await fetch(first.jwksUri)).json()) as { keys: { n: string }[] }).keys[0].n;
    await stop();

    const second = await start();
    expect(((await (await fetch(second.jwksUri)).json()) as { keys: { n: string }[] }).keys[0].n).toBe(firstKey);
    await expect(verifierOf(second).verify(own)).resolves.toMatchObject({ token_use: 'access' });
  });
});
