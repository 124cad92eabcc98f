/**
 * Calls from a caller address of their own. The local gateway keys per-address limits on the connection's real peer
 * address, as AppSync behind CloudFront does (a sent `x-forwarded-for` cannot choose it), so a test that needs a fresh
 * allowance connects from another loopback address: Linux accepts any 127/8 address as a source without setup.
 */
import { request } from 'node:http';
import { type GraphQLResponse, stackUrls } from './stack';

let next = 0;
/** Addresses 127.0.1.0 onwards, one per call of this function in the test file's process (127.0.0.1 is everyone else's). */
export function newLoopbackAddress(): string {
  next += 1;
  const index = 256 + next + (process.pid % 1000) * 4096;
  return `127.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** A GraphQL call with the stack's public token (or `options.token`), connecting from `callerAddress`. */
export function graphqlFrom<T = Record<string, any>>(
  callerAddress: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<GraphQLResponse<T>> {
  const { graphqlUrl, publicToken } = stackUrls();
  const url = new URL(graphqlUrl);
  const payload = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: callerAddress,
        agent: false,
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: options.token ?? publicToken,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<GraphQLResponse<T>, 'status'>;
            resolve({ status: response.statusCode ?? 0, ...body });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
