/**
 * The shape of /config.json, the one file that tells the web app where its API and user pool are.
 * The deployed site (infra/lib/web-hosting.ts) and the local stack (scripts/local/stack.ts) both write it;
 * the web app validates it at start (web/src/config/runtime-config.ts).
 */
// zod/mini: the same validation with a far smaller footprint on the first page's bundle.
import * as z from 'zod/mini';

/**
 * What the deployed site (or the local stack) writes to /config.json. The same build runs everywhere,
 * so endpoints and pool ids are read at start instead of being baked into the bundle.
 */
export const runtimeConfigSchema = z.object({
  mode: z.enum(['local', 'aws']),
  region: z.string().check(z.minLength(1)),
  graphqlEndpoint: z.url(),
  /** The token signed-out calls carry (Authorization), accepted by the API's Lambda authorizer; not a secret. */
  publicToken: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  uploadsBucketUrl: z.optional(z.url()),
  /** Discord's OAuth2 authorize page (a local stand-in in local mode); without it there is no Discord sign-in. */
  discordAuthorizeUrl: z.optional(z.url()),
  /** The Discord application's id; empty (a deploy without discordClientId) or missing: no Discord sign-in button. */
  discordClientId: z.optional(z.string()),
  /** Base of the HTTP endpoints beside GraphQL (the customer portal): the app's origin locally, API Gateway on AWS. */
  apiBaseUrl: z.optional(z.url()),
  /** Stripe's publishable key for Stripe.js; empty or missing: no card payments on this site. */
  stripePublishableKey: z.optional(z.string()),
  /** Local mode only: the Stripe stand-in that the local `window.Stripe` calls instead of loading Stripe.js. */
  stripeStandInUrl: z.optional(z.url()),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Fields only local mode writes. */
type LocalOnlyField = 'stripeStandInUrl';

/** What each environment writes: every field (local mode also its own), with its own mode. */
export type WrittenRuntimeConfig<Mode extends RuntimeConfig['mode']> = Required<Omit<RuntimeConfig, LocalOnlyField>> &
  (Mode extends 'local' ? Required<Pick<RuntimeConfig, LocalOnlyField>> : Partial<Pick<RuntimeConfig, LocalOnlyField>>) & { mode: Mode };
