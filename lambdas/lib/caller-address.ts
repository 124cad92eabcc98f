import type { ResolverEvent } from './appsync';

/** Used when a call carries no address at all (the local gateway gives none to API-key callers). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The caller's network address, for per-caller limits. A Cognito identity carries AppSync's own `sourceIp`.
 * API-key calls have no identity; AppSync passes the request's `x-forwarded-for`, where CloudFront appends
 * the address it saw and AppSync's front end then its own: the entry before the last is the caller
 * (anything further left is whatever the caller sent, so it is not trusted). A lone entry is taken as is.
 */
export function callerAddressOf(event: ResolverEvent<unknown, unknown>): string {
  const identity = event.identity as { sourceIp?: unknown } | null | undefined;
  const sourceIp = Array.isArray(identity?.sourceIp) ? identity.sourceIp[0] : undefined;
  if (typeof sourceIp === 'string' && sourceIp) return sourceIp;
  const forwarded = (event.request?.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded.at(forwarded.length >= 2 ? -2 : -1) ?? UNKNOWN_ADDRESS;
}
