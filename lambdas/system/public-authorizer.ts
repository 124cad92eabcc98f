import { timingSafeEqual } from 'node:crypto';
import type { AppSyncAuthorizerEvent, AppSyncAuthorizerResult } from 'aws-lambda';
import { config } from '../lib/config';

/** AppSync keeps an answer for this long per token, so a busy hour costs one invocation. */
export const PUBLIC_TOKEN_CACHE_SECONDS = 3600;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * AppSync's Lambda authorizer for the signed-out operations (@aws_lambda): admits the site's public token. The token
 * is no secret (the site's config.json carries it, as it carried the API key); unlike an AppSync API key it never
 * expires, so signed-out calls keep working however long the stack runs (docs/architecture.md, "Signed-out calls").
 * The local gateway calls this same handler (scripts/local/gateway/auth.ts).
 */
export async function handler(event: AppSyncAuthorizerEvent): Promise<AppSyncAuthorizerResult> {
  return { isAuthorized: sameText(event.authorizationToken ?? '', config.publicApiToken), ttlOverride: PUBLIC_TOKEN_CACHE_SECONDS };
}
