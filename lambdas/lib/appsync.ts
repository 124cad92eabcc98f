import type { AppSyncIdentityCognito, AppSyncResolverEvent } from 'aws-lambda';
import { primaryRole, type Role } from '@core/roles';
import { AppError } from './errors';
import { logger, observed } from './observability';

export { logger };

/** The event AppSync sends a direct Lambda resolver; the local gateway builds the same shape. */
export type ResolverEvent<TArgs = Record<string, unknown>, TSource = Record<string, unknown> | null> = AppSyncResolverEvent<TArgs, TSource>;

/** The signed-in caller, from the verified Cognito token AppSync passes as identity. */
export interface Caller {
  sub: string;
  email: string | null;
  groups: string[];
  role: Role | null;
}

export function callerOf(event: ResolverEvent<unknown, unknown>): Caller | null {
  const identity = event.identity as AppSyncIdentityCognito | null | undefined;
  if (!identity || !('sub' in identity) || !identity.sub) return null;
  const claims = (identity.claims ?? {}) as Record<string, unknown>;
  const groups = identity.groups ?? (claims['cognito:groups'] as string[] | undefined) ?? [];
  const email = typeof claims.email === 'string' ? claims.email : null;
  return { sub: identity.sub, email, groups, role: primaryRole(groups) };
}

/**
 * True when the call is signed with IAM credentials (AppSync's IAM mode), which only the backend's own function roles
 * are granted (infra/); never for a Cognito user or a public-token call.
 */
export function isIamCall(event: ResolverEvent<unknown, unknown>): boolean {
  const identity = event.identity as { userArn?: unknown; sub?: unknown } | null | undefined;
  return typeof identity?.userArn === 'string' && identity.userArn !== '' && !identity.sub;
}

export type FieldResolver = (event: ResolverEvent<any, any>) => Promise<unknown>;

/**
 * A thin Lambda handler that sends each field to its resolver. Keys are "Parent.field"; the domains build theirs
 * from their field declarations (./fields.ts), which also refuse a token issued before its account's last sign-out.
 * Logs, metrics and traces come from ./observability.ts.
 */
export function createResolverHandler(resolvers: Record<string, FieldResolver>) {
  const handler = async (event: ResolverEvent<any, any>) => {
    const field = `${event.info.parentTypeName}.${event.info.fieldName}`;
    const resolve = resolvers[field];
    if (!resolve) throw new Error(`No resolver for ${field}`);
    try {
      return await resolve(event);
    } catch (error) {
      if (error instanceof AppError) {
        logger.warn('resolver refused', { field, error });
        throw error;
      }
      // An unexpected failure (an AWS SDK error, a bug) reaches the caller as Lambda:Unhandled without its internals.
      logger.error('resolver failed', { field, error: error as Error });
      throw new Error('Something went wrong. Please try again later.');
    }
  };
  return Object.assign(observed(handler), { fields: Object.keys(resolvers) });
}
