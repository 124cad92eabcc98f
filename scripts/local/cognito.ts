import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  GroupExistsException,
  ListUserPoolClientsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '@core/roles';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, TriggersService, type Services } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import type { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import type { Messages } from 'cognito-local/lib/services/messages';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { writeToOutbox } from '../../lambdas/lib/mail';
import { LOCAL_HOST } from './ports';

/** An AWS-style pool id, so aws-jwt-verify accepts the local tokens as it does real ones. */
export const LOCAL_USER_POOL_ID = 'us-east-1_LocalDev1';
export const LOCAL_APP_CLIENT_NAME = 'fitgauge-web';
/** Tokens name the real Cognito issuer; only the JWKS comes from the local server. */
const ISSUER_DOMAIN = 'https://cognito-idp.us-east-1.amazonaws.com';

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  jwksUri: string;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/**
 * cognito-local, embedded: the same parts its CLI wires together, but with the data folder chosen
 * here (the CLI always uses ./.cognito), the AWS issuer domain, and codes (sign-up, password reset)
 * delivered as e-mails to the local outbox. Codes are random unless the CODE environment variable fixes them.
 */
export async function startCognito(options: { port: number; dataDir: string; outboxDir: string; log: Log }): Promise<LocalCognito> {
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
  const dataStores = new StormDBDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStores,
    new UserPoolServiceFactoryImpl(clock, dataStores),
  ).create(ctx, config.UserPoolDefaults);
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
  const server = (await createServer(Router(services), logger, config.ServerConfig, services).start()) as Server;
  const endpoint = `http://${LOCAL_HOST}:${options.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  try {
    const userPoolClientId = await provisionPool(endpoint);
    return {
      endpoint,
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId,
      jwksUri: `${endpoint}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Groups (one per role) and the web app client, through the Cognito API as CDK would define them. */
async function provisionPool(endpoint: string): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    for (const role of ROLES) {
      try {
        await client.send(new CreateGroupCommand({ UserPoolId: LOCAL_USER_POOL_ID, GroupName: role }));
      } catch (error) {
        if (!(error instanceof GroupExistsException)) throw error;
      }
    }
    const { UserPoolClients } = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: LOCAL_USER_POOL_ID, MaxResults: 60 }),
    );
    const existing = UserPoolClients?.find((c) => c.ClientName === LOCAL_APP_CLIENT_NAME)?.ClientId;
    if (existing) return existing;
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: LOCAL_USER_POOL_ID,
        ClientName: LOCAL_APP_CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    return UserPoolClient!.ClientId!;
  } finally {
    client.destroy();
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
      const text =
        source === 'AdminCreateUser'
          ? `Your temporary password is ${code}`
          : `Your verification code is ${code}`;
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
