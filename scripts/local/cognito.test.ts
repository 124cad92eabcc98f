/**
 * The embedded cognito-local as the local stack starts it, on a throwaway data folder: a restart keeps
 * every group membership, and the local pool is no laxer than Cognito where sign-in is concerned.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
    clients.Clients[first.userPoolClientId].ExplicitAuthFlows = ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];
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
