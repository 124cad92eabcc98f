import { timingSafeEqual } from 'node:crypto';
import type { AppSyncAuthorizerEvent, AppSyncAuthorizerResult } from 'aws-lambda';
import { config } from '../lib/config';

/** AppSync keeps an answer for this long per token, so a busy hour costs one invocation. */
export const PUBLIC_TOKEN_CACHE_SECONDS = 3600;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * AppSync's Lambda authorizer for the signed-out operations (@aws_lambda): admits exactly the deployment's public token
 * (PUBLIC_API_TOKEN), compared in constant time. On AWS nothing else reaches it: AppSync's validation expression is that
 * one token (infra/lib/api.ts), so a made-up token is refused without an invocation. The token is no secret (the site's
 * config.json carries it); it never expires (docs/architecture.md, "Signed-out calls"). The local gateway calls this
 * same handler for every Authorization value that is not a JWT (scripts/local/gateway/auth.ts).
 */
export async function handler(event: AppSyncAuthorizerEvent): Promise<AppSyncAuthorizerResult> {
  return { isAuthorized: sameText(event.authorizationToken ?? '', config.publicApiToken), ttlOverride: PUBLIC_TOKEN_CACHE_SECONDS };
}
