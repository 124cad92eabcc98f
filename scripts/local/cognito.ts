import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  type ExplicitAuthFlowsType,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '@core/roles';
import { CognitoError, InvalidParameterError } from 'cognito-local/lib/errors';
import { Router, type Route } from 'cognito-local/lib/server/Router';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, TriggersService, type Services } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import type { CryptoService } from 'cognito-local/lib/services/crypto';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import { StormDBDataStore } from 'cognito-local/lib/services/dataStore/stormDb';
import type { Messages } from 'cognito-local/lib/services/messages';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import StormDB from 'stormdb';
import { writeFileAtomically } from '../../lambdas/lib/atomic-file';
import { writeToOutbox } from '../../lambdas/lib/mail';
import { createCognitoGuard } from './cognito-guard';
import type { IamCredentials } from './gateway/iam';
import { serverOutage, type Outage } from './outages';
import { LOCAL_HOST } from './ports';

/** An AWS-style pool id, so aws-jwt-verify accepts the local tokens as it does real ones. */
const LOCAL_USER_POOL_ID = 'us-east-1_LocalDev1';
const LOCAL_APP_CLIENT_NAME = 'fitgauge-web';
/** Tokens name the real Cognito issuer; only the JWKS comes from the local server. */
const ISSUER_DOMAIN = 'https://cognito-idp.us-east-1.amazonaws.com';
/**
 * The web client's auth flows as infra/lib/auth.ts defines them (`authFlows: { adminUserPassword: true }`,
 * to which CDK adds refresh): sign-in only through the API Lambda, never USER_PASSWORD_AUTH from outside.
 */
const LOCAL_APP_CLIENT_AUTH_FLOWS: ExplicitAuthFlowsType[] = ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  jwksUri: string;
  /** Its server off the air and back on the same port (the outage tests' seam, scripts/local/outages.ts). */
  outage: Outage;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/**
 * cognito-local, embedded: the same parts its CLI wires together, but with the data folder chosen
 * here (the CLI always uses ./.cognito), the AWS issuer domain, and codes (sign-up, password reset)
 * delivered as e-mails to the local outbox. Codes are random unless the CODE environment variable fixes them.
 */
export async function startCognito(options: {
  port: number;
  dataDir: string;
  outboxDir: string;
  /** The web app's origins: the only browser origins its guard lets through. */
  corsOrigins: readonly string[];
  /** The local functions' keys: admin calls must be signed with them (and the pool is provisioned with them). */
  credentials: IamCredentials;
  log: Log;
}): Promise<LocalCognito> {
  useSigningKey(await signingKeyOf(options.dataDir));
  const logger = cognitoLogger(options.log);
  const ctx = { logger };
  const config: Config = {
    ...DefaultConfig,
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: ISSUER_DOMAIN },
    ServerConfig: { port: options.port, hostname: LOCAL_HOST, development: false, https: false },
  };
  const clock = new DateClock();
  const dataStores = new DurableDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(options.dataDir, dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(
    ctx,
    config.UserPoolDefaults,
  );
  // No Lambda triggers are configured locally, so neither the Lambda client nor KMS (used only to
  // encrypt codes for a CustomEmailSender trigger) is ever called; this also keeps aws-sdk v2 unloaded.
  const notConfigured = () => {
    throw new Error('Cognito Lambda triggers are not configured in local mode');
  };
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, { invoke: notConfigured } as unknown as ConstructorParameters<typeof LambdaService>[1]),
    { encrypt: notConfigured } as unknown as CryptoService,
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages: outboxMessages(options.outboxDir),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  if (!(await cognito.listUserPools(ctx)).some((pool) => pool.Id === LOCAL_USER_POOL_ID)) {
    await cognito.createUserPool(ctx, { Id: LOCAL_USER_POOL_ID, Name: 'fitgauge-local', UsernameAttributes: ['email'] });
  }
  // Without `services` cognito-local adds no hosted-UI (/oauth2) routes: the CDK client has OAuth disabled.
  const { application } = createServer(awsFaithfulRouter(services), logger, config.ServerConfig);
  // cognito-local answers on a Unix socket in a private folder; the port is its guard's (scripts/local/cognito-guard.ts).
  const socketDir = await mkdtemp(join(tmpdir(), 'fitgauge-cognito-'));
  const upstreamSocket = join(socketDir, 'cognito-local.sock');
  const inner = createHttpServer(application);
  const guard = createCognitoGuard({ credentials: options.credentials, allowedOrigins: options.corsOrigins, upstreamSocket });
  const closed = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const stop = async () => {
    await Promise.all([guard.listening ? closed(guard) : undefined, inner.listening ? closed(inner) : undefined]);
    await rm(socketDir, { recursive: true, force: true });
  };
  const endpoint = `http://${LOCAL_HOST}:${options.port}`;
  try {
    await listening(inner, (done) => inner.listen(upstreamSocket, done));
    await listening(guard, (done) => guard.listen(options.port, LOCAL_HOST, done));
    const userPoolClientId = await provisionPool(endpoint, options.credentials);
    return {
      endpoint,
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId,
      jwksUri: `${endpoint}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
      outage: serverOutage(guard),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listening(server: Server, listen: (done: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    listen(() => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The kid cognito-local writes into every token's header (fixed in its token generator). */
const COGNITO_LOCAL_KID = 'CognitoLocal';

interface SigningKey {
  /** PKCS#8 PEM of the private key. */
  pem: string;
  /** The public key as the pool's JWKS lists it. */
  jwk: JsonWebKey & { kid: string; alg: string; use: string };
}

/**
 * The pool's signing key, generated once per data folder into `<dataDir>/keys.json` (mode 0600): cognito-local ships
 * one private key in its package, so with it anyone could sign a token with any groups that the local API would take.
 * The same folder keeps its key across restarts, so tokens issued before a restart still verify.
 */
async function signingKeyOf(dataDir: string): Promise<SigningKey> {
  const file = join(dataDir, 'keys.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<SigningKey>;
    if (typeof stored.pem === 'string' && stored.jwk?.kty === 'RSA') return stored as SigningKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key: SigningKey = {
    pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    jwk: { ...publicKey.export({ format: 'jwk' }), kid: COGNITO_LOCAL_KID, alg: 'RS256', use: 'sig' },
  };
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomically(file, JSON.stringify(key), 0o600);
  await chmod(file, 0o600);
  return key;
}

/** cognito-local stores dates as ISO strings in fields whose names end in "Date" (its StormDB store does the same). */
const reviveDates = (key: string, value: unknown) =>
  key.endsWith('Date') && (typeof value === 'string' || typeof value === 'number') ? new Date(value) : value;

/**
 * StormDB's file engine with durable saves: its own `fs.writeFile` truncates the pool's JSON before
 * writing it, so a kill mid-save left an empty or cut file (an empty one reads as an empty pool: every
 * user gone), and two saves in flight could interleave. Saves here are queued, each an atomic replace.
 */
class DurableFileEngine extends StormDB.localFileEngine {
  private saved: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {
    super(file, {
      serialize: (state: unknown) => JSON.stringify(state, null, 2),
      deserialize: (text: string) => JSON.parse(text, reviveDates) as unknown,
    });
  }

  override write(state: unknown): Promise<void> {
    // The state as it is now, so queued saves land in the order they were made.
    const text = JSON.stringify(state, null, 2);
    const done = this.saved.then(() => writeFileAtomically(this.file, text));
    this.saved = done.catch(() => undefined);
    return done;
  }
}

/** cognito-local's StormDB data stores (one JSON file per pool), written through DurableFileEngine. */
class DurableDataStoreFactory implements DataStoreFactory {
  constructor(private readonly directory: string) {}

  async create(_ctx: Parameters<DataStoreFactory['create']>[0], id: string, defaults: object) {
    await mkdir(this.directory, { recursive: true });
    const db = new StormDB(new DurableFileEngine(join(this.directory, `${id}.json`)));
    db.default(defaults);
    await db.save();
    return new StormDBDataStore(db);
  }
}

let keyInUse: string | undefined;

/**
 * cognito-local reads its key pair from two JSON modules of its package when it signs and when it serves the JWKS;
 * the cached modules get this folder's key instead, so its tokens are signed with it and its JWKS lists only it.
 * They are one per process: a second local Cognito with another key in the same process is refused.
 */
function useSigningKey(key: SigningKey): void {
  if (keyInUse && keyInUse !== key.pem) throw new Error("One local Cognito per process: another data folder's key is already in use.");
  const cognitoRequire = createRequire(require.resolve('cognito-local/package.json'));
  const bundledPrivate = cognitoRequire('./lib/keys/cognitoLocal.private.json') as { pem: string; jwk: unknown };
  const bundledPublic = cognitoRequire('./lib/keys/cognitoLocal.public.json') as { pem?: string; jwk: unknown };
  bundledPrivate.pem = key.pem;
  bundledPrivate.jwk = undefined;
  bundledPublic.jwk = key.jwk;
  bundledPublic.pem = undefined;
  keyInUse = key.pem;
}

/**
 * Groups (one per role) and the web app client, through the Cognito API as CDK defines them. Runs on
 * every start: what exists is kept (a group's members above all) and only what is missing is created;
 * a client left by an older start gets its auth flows brought in line with CDK's.
 */
async function provisionPool(endpoint: string, credentials: IamCredentials): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials,
  });
  try {
    const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: LOCAL_USER_POOL_ID, Limit: 60 }));
    const existingGroups = new Set(Groups?.map((group) => group.GroupName));
    // Lower precedence wins, as in infra/lib/auth.ts: the order of ROLES is the order of privilege.
    for (const [precedence, role] of ROLES.entries()) {
      if (existingGroups.has(role)) continue;
      await client.send(
        new CreateGroupCommand({ UserPoolId: LOCAL_USER_POOL_ID, GroupName: role, Precedence: precedence, Description: `FitGauge ${role} role` }),
      );
    }
    const { UserPoolClients } = await client.send(new ListUserPoolClientsCommand({ UserPoolId: LOCAL_USER_POOL_ID, MaxResults: 60 }));
    const existingClientId = UserPoolClients?.find((c) => c.ClientName === LOCAL_APP_CLIENT_NAME)?.ClientId;
    if (existingClientId) {
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: LOCAL_USER_POOL_ID,
          ClientId: existingClientId,
          ExplicitAuthFlows: LOCAL_APP_CLIENT_AUTH_FLOWS,
        }),
      );
      return existingClientId;
    }
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: LOCAL_USER_POOL_ID,
        ClientName: LOCAL_APP_CLIENT_NAME,
        ExplicitAuthFlows: LOCAL_APP_CLIENT_AUTH_FLOWS,
      }),
    );
    return UserPoolClient!.ClientId!;
  } finally {
    client.destroy();
  }
}

/**
 * cognito-local's router, with Cognito's own answers where cognito-local is laxer than AWS: CreateGroup
 * on an existing group raises GroupExistsException (cognito-local replaces the group, dropping its
 * members), and an auth flow the app client does not allow is refused (cognito-local ignores
 * ExplicitAuthFlows, so USER_PASSWORD_AUTH would bypass the sign-in Lambda and its try limit).
 */
function awsFaithfulRouter(services: Services): Router {
  const route = Router(services);
  const guards: Record<string, Route> = {
    CreateGroup: async (ctx, req: { UserPoolId: string; GroupName: string }) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      // listGroups, not getGroupByGroupName: the latter fails in a pool that has no group yet.
      if ((await pool.listGroups(ctx)).some((group) => group.GroupName === req.GroupName)) {
        throw new CognitoError('GroupExistsException', `A group with the name ${req.GroupName} already exists.`);
      }
    },
    InitiateAuth: (ctx, req: AuthRequest) => assertFlowAllowed(services, ctx, req),
    AdminInitiateAuth: (ctx, req: AuthRequest) => assertFlowAllowed(services, ctx, req),
  };
  return (target) => {
    const handler = route(target);
    const guard = guards[target];
    if (!guard) return handler;
    return async (ctx, req) => {
      await guard(ctx, req);
      return handler(ctx, req);
    };
  };
}

interface AuthRequest {
  ClientId: string;
  AuthFlow: string;
}

/** The client settings that allow each auth flow (Cognito also honours the legacy names). */
const settingsAllowingFlow: Record<string, string[]> = {
  USER_PASSWORD_AUTH: ['ALLOW_USER_PASSWORD_AUTH', 'USER_PASSWORD_AUTH'],
  ADMIN_USER_PASSWORD_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'],
  ADMIN_NO_SRP_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'],
  REFRESH_TOKEN_AUTH: ['ALLOW_REFRESH_TOKEN_AUTH'],
  REFRESH_TOKEN: ['ALLOW_REFRESH_TOKEN_AUTH'],
  USER_SRP_AUTH: ['ALLOW_USER_SRP_AUTH'],
  CUSTOM_AUTH: ['ALLOW_CUSTOM_AUTH', 'CUSTOM_AUTH_FLOW_ONLY'],
};
/** What Cognito allows a client created without ExplicitAuthFlows. */
const DEFAULT_AUTH_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

async function assertFlowAllowed(services: Services, ctx: Parameters<Route>[0], req: AuthRequest): Promise<void> {
  const appClient = await services.cognito.getAppClient(ctx, req.ClientId);
  // An unknown client is refused by cognito-local itself, as by Cognito.
  if (!appClient) return;
  const allowed = appClient.ExplicitAuthFlows?.length ? appClient.ExplicitAuthFlows : DEFAULT_AUTH_FLOWS;
  if (!(settingsAllowingFlow[req.AuthFlow] ?? []).some((setting) => allowed.includes(setting))) {
    throw new InvalidParameterError(`${req.AuthFlow} flow not enabled for this client`);
  }
}

const subjects: Record<string, string> = {
  ForgotPassword: 'Your FitGauge password reset code',
  SignUp: 'Your FitGauge verification code',
  ResendCode: 'Your FitGauge verification code',
  AdminCreateUser: 'Your FitGauge temporary password',
};

/** Cognito's own e-mails (verification and reset codes) land in the outbox like the product's mail. */
function outboxMessages(outboxDir: string): Messages {
  return {
    async deliver(_ctx, source, _clientId, _userPoolId, _user, code, _metadata, delivery) {
      if (delivery.DeliveryMedium !== 'EMAIL') return;
      const subject = subjects[source] ?? 'Your FitGauge verification code';
      const text = source === 'AdminCreateUser' ? `Your temporary password is ${code}` : `Your verification code is ${code}`;
      await writeToOutbox(outboxDir, { to: delivery.Destination, subject, text });
    },
  };
}

/** cognito-local logs through pino (its own dependency); only its errors reach the stack's log. */
function cognitoLogger(log: Log) {
  const pino = createRequire(require.resolve('cognito-local/package.json'))('pino') as typeof import('pino').default;
  return pino(
    { level: 'error', base: undefined },
    {
      write(line: string) {
        const { msg, err } = JSON.parse(line) as { msg?: string; err?: { message?: string } };
        log(`cognito-local: ${msg ?? ''}${err?.message ? ` ${err.message}` : ''}`);
      },
    },
  );
}
