import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** One signer per AWS service, made on first use (the credentials provider caches the function's role). */
const signers = new Map<string, SignatureV4>();

function signerFor(service: string): SignatureV4 {
  let signer = signers.get(service);
  if (!signer) {
    signer = new SignatureV4({ service, region: process.env.AWS_REGION ?? 'us-east-1', credentials: defaultProvider(), sha256: Sha256 });
    signers.set(service, signer);
  }
  return signer;
}

/**
 * POSTs `body` to `url`, signed with the function's own credentials (SigV4 for `service`), giving up after
 * `timeoutMs`: how the Lambdas call an AWS API the product needs one call of, with no SDK client (AppSync's server
 * mutations, lambdas/lib/api-publish.ts; SQS SendMessage and ChangeMessageVisibility, lambdas/lib/sqs.ts). Locally the same signed request goes to
 * the stand-in at the URL's origin, which checks or ignores the signature.
 */
export async function signedPost(
  service: string,
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; ok: boolean; answer: unknown }> {
  const signed = await signerFor(service).sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: { host: url.host, ...headers },
    body,
  });
  const response = await fetch(url, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, ok: response.ok, answer: await response.json().catch(() => null) };
}
