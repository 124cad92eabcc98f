import { logger } from './observability';
import { signedPost } from './signed-post';

/** How long a publish may hold up the mutation that triggered it. */
const PUBLISH_TIMEOUT_MS = 3000;

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
  const { status, ok, answer } = await signedPost(
    'appsync',
    graphqlUrl(),
    JSON.stringify({ query, variables }),
    { 'content-type': 'application/json' },
    PUBLISH_TIMEOUT_MS,
  );
  const errors = (answer as { errors?: { message?: string }[] } | null)?.errors;
  if (!ok || errors?.length) {
    throw new Error(`The API refused the server mutation (HTTP ${status}): ${errors?.map((e) => e.message).join('; ') ?? ''}`);
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
