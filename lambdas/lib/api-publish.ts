import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { logger } from './observability';

/** How long a publish may hold up the mutation that triggered it. */
const PUBLISH_TIMEOUT_MS = 3000;

let signer: SignatureV4 | undefined;

function graphqlUrl(): URL {
  const url = process.env.GRAPHQL_URL;
  if (!url) throw new Error('Missing environment variable GRAPHQL_URL');
  return new URL(url);
}

/**
 * Runs a server-only mutation (@aws_iam) on this API, signed with the function's own credentials (SigV4, service
 * appsync), so that AppSync pushes its result to the subscriptions that @aws_subscribe to it. This is how a Lambda
 * tells subscribers about a change whose own mutation returns another type (e.g. acceptInvite -> onTeamMembersChanged).
 * GRAPHQL_URL is the AppSync endpoint on AWS and the local gateway's in local mode, which checks the same signature.
 */
async function runServerMutation(query: string, variables: Record<string, unknown>): Promise<void> {
  const url = graphqlUrl();
  signer ??= new SignatureV4({ service: 'appsync', region: process.env.AWS_REGION ?? 'us-east-1', credentials: defaultProvider(), sha256: Sha256 });
  const body = JSON.stringify({ query, variables });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/json' },
    body,
  });
  const response = await fetch(url, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS) });
  const answer = (await response.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
  if (!response.ok || answer?.errors?.length) {
    throw new Error(`The API refused the server mutation (HTTP ${response.status}): ${answer?.errors?.map((e) => e.message).join('; ') ?? ''}`);
  }
}

/**
 * runServerMutation for notifications: the change it announces is already saved, so a failed publish is logged and
 * the caller's call still succeeds (an open page then catches up on its next load).
 */
export async function publishToSubscribers(query: string, variables: Record<string, unknown>): Promise<void> {
  try {
    await runServerMutation(query, variables);
  } catch (error) {
    logger.warn('publish to subscribers failed', { error: error as Error });
  }
}
