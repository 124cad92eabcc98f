import { createHash, timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { HeaderMap } from './auth';
import { UnauthorizedException } from './errors';

/** The access key and secret the local stack's in-process functions sign with (their AWS_ACCESS_KEY_ID / _SECRET_). */
export interface IamCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** A request as SigV4 signed it: the raw body and the headers node received (lower-case names). */
export interface SignedRequest {
  method: string;
  /** Path and query as sent, e.g. /graphql. */
  url: string;
  headers: HeaderMap;
  body: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** AWS refuses signatures more than 5 minutes off its clock. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export const isSigV4 = (headers: HeaderMap) => headers.authorization?.trim().startsWith(`${ALGORITHM} `) ?? false;

function parseAuthorization(value: string) {
  const fields = Object.fromEntries(
    value
      .slice(ALGORITHM.length)
      .split(',')
      .map((part) => part.trim().split('=') as [string, string | undefined]),
  );
  const [accessKeyId, date, region, service] = String(fields.Credential ?? '').split('/');
  return { accessKeyId, date, region, service, signedHeaders: String(fields.SignedHeaders ?? '').split(';'), signature: fields.Signature ?? '' };
}

/** x-amz-date (20250101T120000Z) as a Date; null when it cannot be read. */
function amzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!)) : null;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * IAM authorization, locally: AppSync's IAM mode (service `appsync`, the default) or an AWS API the stack stands in for
 * (cognito-local's admin calls, service `cognito-idp`). The request must carry a SigV4 signature for that service made
 * with the local functions' credentials over this method, path, the signed headers and the body, within 5 minutes of
 * now. The signature is computed again with the AWS SDK's own signer and compared; anything else is refused.
 */
export function createIamVerifier(credentials: IamCredentials, options: { service?: string; now?: () => number } = {}) {
  const { service: expectedService = 'appsync', now = () => Date.now() } = options;
  return async (request: SignedRequest): Promise<{ accessKeyId: string }> => {
    const { accessKeyId, region, service, signedHeaders, signature } = parseAuthorization(request.headers.authorization?.trim() ?? '');
    const signedAt = amzDate(request.headers['x-amz-date']);
    if (accessKeyId !== credentials.accessKeyId || service !== expectedService || !region || !signedAt) {
      throw new UnauthorizedException('The security token included in the request is invalid.');
    }
    if (Math.abs(now() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) throw new UnauthorizedException('Signature expired.');
    const bodyHash = createHash('sha256').update(request.body).digest('hex');
    const claimedHash = request.headers['x-amz-content-sha256'];
    if (claimedHash !== undefined && claimedHash !== bodyHash) throw new UnauthorizedException('The request body does not match its signature.');

    const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
    const headers = Object.fromEntries(signedHeaders.map((name) => [name, request.headers[name] ?? '']));
    const signer = new SignatureV4({ service, region, credentials, sha256: Sha256 });
    const expected = await signer.sign(
      {
        method: request.method,
        protocol: url.protocol,
        hostname: url.hostname,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: request.body,
      },
      { signingDate: signedAt },
    );
    const expectedSignature = /Signature=([0-9a-f]+)/.exec(String(expected.headers.authorization))?.[1] ?? '';
    if (!sameText(expectedSignature, signature)) {
      throw new UnauthorizedException('The request signature we calculated does not match the signature you provided.');
    }
    return { accessKeyId };
  };
}

export type VerifyIam = ReturnType<typeof createIamVerifier>;
