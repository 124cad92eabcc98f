/**
 * Local stand-in for AppSync: serves schema.graphql at POST /graphql and AppSync's realtime protocol at
 * /graphql/realtime, calling the same Lambda handlers in-process (see docs/architecture.md, AppSync row).
 * Mount it on any http.Server: `if (!gateway.handleRequest(req, res)) ...` and on 'upgrade' likewise.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { readSchemaSource } from '../../../lambdas/schema';
import { resolverMap } from '../../../lambdas/api-fields';
import type { LambdaFunctionName } from '../../../lambdas/resolver-map';
import type { SignOutStore } from '../../../lambdas/lib/stores/sign-out-store';
import { triggerFunctions, apiAuthorizer } from '../../../lambdas/triggers';
import { createAuthenticator, createCognitoVerifier, type LambdaAuthorizer, type TokenVerifier } from './auth';
import { subscriptionTriggers } from './directives';
import { buildExecutableSchema } from './executable-schema';
import { createInvoker, loadEntryHandler, loadHandlerFromEntry, type LambdaHandler } from './handlers';
import { createHttpHandler } from './http';
import { createIamVerifier, type IamCredentials } from './iam';
import { createRealtime, type RealtimeCounts } from './realtime';
import { createStartSubscription } from './subscribe';
import { SubscriptionHub } from './subscriptions';

export type { TokenVerifier } from './auth';

export interface GatewayOptions {
  /** The schema without AppSync's prelude; default: schema.graphql. */
  schemaSource?: string;
  /** AWS-style pool id, e.g. us-east-1_LocalDev1. */
  userPoolId: string;
  userPoolClientId: string;
  /** The local pool's keys, e.g. http://127.0.0.1:<port>/<poolId>/.well-known/jwks.json. */
  jwksUri: string;
  /** AppSync's Lambda authorizer of the public mode; default: the handler of lambdas/triggers.ts's `apiAuthorizer`. */
  authorizer?: LambdaAuthorizer;
  /** Root field ("Type.field") -> Lambda name; default: lambdas/resolver-map.ts. */
  resolverMap?: Readonly<Record<string, string>>;
  /** Default: imports lambdaFunctions[name].entry from the repository and takes its `handler`. */
  loadHandler?: (name: LambdaFunctionName) => Promise<LambdaHandler>;
  /** Replaces the Cognito verifier built from userPoolId/userPoolClientId/jwksUri. */
  verifier?: TokenVerifier;
  /** Where the Cognito verifier reads sign-outs; default: the Lambdas' table. */
  signOuts?: SignOutStore;
  /** The credentials IAM-mode requests must be signed with (the in-process functions'); none: IAM mode is off. */
  iamCredentials?: IamCredentials;
  /** How often realtime connections get a `ka`; AppSync clients give up after 65 s without one. */
  keepAliveMs?: number;
  /** The origins granted CORS on /graphql: the app's own (the local stack's web origin); default none. */
  allowedOrigins?: readonly string[];
}

export interface Gateway {
  /** Serves POST /graphql and its CORS preflight; false for any other path. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Takes websocket upgrades for /graphql/realtime; false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Realtime sockets and subscriptions open now. */
  realtimeCounts(): RealtimeCounts;
  close(): Promise<void>;
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const verifier = options.verifier ?? createCognitoVerifier(options);
  const authorizer = options.authorizer ?? ((await loadEntryHandler(triggerFunctions[apiAuthorizer].entry)) as unknown as LambdaAuthorizer);
  const authenticate = createAuthenticator({ verifier, authorizer });
  const invoke = createInvoker(options.resolverMap ?? resolverMap, options.loadHandler ?? loadHandlerFromEntry);

  const source = options.schemaSource ?? readSchemaSource();
  const { schema, access } = buildExecutableSchema(source, invoke);
  const hub = new SubscriptionHub(schema, subscriptionTriggers(schema));

  const realtime = createRealtime({
    authenticate,
    hub,
    startSubscription: createStartSubscription({ schema, authenticate, access, invoke }),
    keepAliveMs: options.keepAliveMs ?? 30_000,
  });

  return {
    handleRequest: createHttpHandler({
      schema,
      authenticate,
      verifyIam: options.iamCredentials ? createIamVerifier(options.iamCredentials) : undefined,
      hub,
      allowedOrigins: options.allowedOrigins,
    }),
    handleUpgrade: realtime.handleUpgrade,
    realtimeCounts: realtime.counts,
    close: realtime.close,
  };
}
