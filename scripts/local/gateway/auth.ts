import { randomUUID } from 'node:crypto';
import type { AppSyncAuthorizerEvent, AppSyncAuthorizerResult } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError, KidNotFoundInJwksError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { isSignedOut, SIGNED_OUT_MESSAGE } from '../../../lambdas/lib/signed-out';
import { dynamoSignOutStore, type SignOutStore } from '../../../lambdas/lib/stores/sign-out-store';
import { BoundedCache } from '@core/bounded-cache';
import { UnauthorizedException } from './errors';

/** Who is calling, as far as AppSync's auth modes are concerned. */
export type Principal =
  /** A call the API's Lambda authorizer admitted: the site's public token (the fields marked @aws_lambda). */
  | { mode: 'lambda' }
  | { mode: 'userPool'; claims: Record<string, unknown>; groups: string[] }
  /** A SigV4-signed request (AppSync's IAM mode): the backend's own functions. */
  | { mode: 'iam'; accessKeyId: string };

/** Checks a Cognito JWT and returns its claims; throws when it is not valid. */
export interface TokenVerifier {
  verify(token: string): Promise<Record<string, unknown>>;
}

interface CognitoVerifierOptions {
  userPoolId: string;
  userPoolClientId: string;
  jwksUri: string;
  /** Where sign-outs are recorded; default: the table the Lambdas use. */
  signOuts?: SignOutStore;
}

const JWKS_REFETCH_INTERVAL_MS = 10_000;

/** How many verified tokens keep their claims (about one per signed-in device). */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** The local user pool did not hand out its keys: a stack problem, not the caller's. */
class SigningKeysUnavailableError extends Error {}

/** A valid token of an account that signed out after it was issued. */
class SignedOutTokenError extends Error {}

/**
 * aws-jwt-verify's CognitoJwtVerifier, fed the JWKS from the local user pool (its own fetch would go to
 * cognito-idp.amazonaws.com). Signature, issuer, expiry, token use and client are all checked by the library.
 * A token issued before its account's last sign-out is refused too: cognito-local cannot revoke access and id
 * tokens, so the gateway applies the rule the Lambdas apply on AWS (lambdas/lib/signed-out.ts).
 */
export function createCognitoVerifier({
  userPoolId,
  userPoolClientId,
  jwksUri,
  signOuts = dynamoSignOutStore,
}: CognitoVerifierOptions): TokenVerifier {
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId: userPoolClientId, tokenUse: null });
  let loaded: Promise<void> | null = null;
  let loadedAt = 0;
  // A token's signature, issuer, client and use never change: once verified, only its expiry and the sign-out rule
  // are checked again. New keys (a recreated pool) forget every token verified with the old ones.
  const verified = new BoundedCache<string, Record<string, unknown>>(VERIFIED_TOKEN_CACHE_SIZE);

  const loadJwks = () => {
    loadedAt = Date.now();
    verified.clear();
    loaded = fetch(jwksUri)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        verifier.cacheJwks((await response.json()) as Jwks);
      })
      .catch((error: unknown) => {
        loaded = null;
        throw new SigningKeysUnavailableError(`Could not load the user pool's signing keys from ${jwksUri}: ${(error as Error).message}`);
      });
    return loaded;
  };

  const verifySignature = async (token: string) => {
    await (loaded ?? loadJwks());
    try {
      // verifySync never fetches, so an unknown key cannot send a request to AWS.
      return verifier.verifySync(token) as unknown as Record<string, unknown>;
    } catch (error) {
      // The local pool may have been recreated with new keys: reload them, but not on every bad token.
      if (!(error instanceof KidNotFoundInJwksError) || Date.now() - loadedAt < JWKS_REFETCH_INTERVAL_MS) throw error;
      await loadJwks();
      return verifier.verifySync(token) as unknown as Record<string, unknown>;
    }
  };

  const claimsOf = async (token: string) => {
    const known = verified.get(token);
    if (known && typeof known.exp === 'number' && Date.now() < known.exp * 1000) return known;
    // Unknown or expired: the library decides (an expired token gets its JwtExpiredError from it).
    verified.delete(token);
    const claims = Object.freeze(await verifySignature(token));
    verified.set(token, claims);
    return claims;
  };

  return {
    async verify(token) {
      const claims = await claimsOf(token);
      // Checked on every request, cached token or not: a sign-out revokes the tokens issued before it at once. When the
      // sign-outs cannot be read (DynamoDB down) the Lambda's own check, the only one on AWS (lambdas/lib/appsync.ts),
      // refuses with the product's worded error rather than the gateway with a false 401 that signs the user out.
      if (await isSignedOut(claims, signOuts).catch(() => false)) throw new SignedOutTokenError();
      return claims;
    },
  };
}

/** AppSync's Lambda authorizer, called as AppSync calls it (lambdas/system/public-authorizer.ts). */
export type LambdaAuthorizer = (event: AppSyncAuthorizerEvent) => Promise<AppSyncAuthorizerResult>;

interface AuthenticatorOptions {
  verifier: TokenVerifier;
  authorizer: LambdaAuthorizer;
}

/** Headers with lower-case names, as node gives them. */
export type HeaderMap = Record<string, string | undefined>;

export type Authenticate = (headers: HeaderMap) => Promise<Principal>;

export function lowerCaseKeys(headers: Record<string, unknown>): HeaderMap {
  const result: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') result[name.toLowerCase()] = value;
    else if (Array.isArray(value)) result[name.toLowerCase()] = value.join(', ');
  }
  return result;
}

/** Three base64url parts: what AppSync hands to the Cognito mode; any other token goes to the Lambda authorizer. */
const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/**
 * AppSync's choice of auth mode from request headers: a JWT in Authorization is a Cognito token, any other
 * Authorization value goes to the Lambda authorizer. There is no API key mode (docs/architecture.md).
 */
export function createAuthenticator({ verifier, authorizer }: AuthenticatorOptions): Authenticate {
  return async (headers) => {
    const authorization = headers.authorization?.trim();
    if (!authorization) throw new UnauthorizedException('Valid authorization header not provided.');
    const token = authorization.replace(/^Bearer\s+/i, '');
    if (!looksLikeJwt(token)) {
      const { isAuthorized } = await authorizer({
        authorizationToken: authorization,
        requestContext: { apiId: 'local', accountId: '000000000000', requestId: randomUUID(), queryString: '', variables: {} },
        requestHeaders: headers as AppSyncAuthorizerEvent['requestHeaders'],
      });
      if (!isAuthorized) throw new UnauthorizedException();
      return { mode: 'lambda' };
    }
    let claims: Record<string, unknown>;
    try {
      claims = await verifier.verify(token);
    } catch (error) {
      if (error instanceof JwtExpiredError) throw new UnauthorizedException('Token has expired.');
      if (error instanceof SignedOutTokenError) throw new UnauthorizedException(SIGNED_OUT_MESSAGE);
      if (error instanceof SigningKeysUnavailableError) throw error;
      throw new UnauthorizedException();
    }
    const groups = Array.isArray(claims['cognito:groups']) ? (claims['cognito:groups'] as string[]) : [];
    return { mode: 'userPool', claims, groups };
  };
}
