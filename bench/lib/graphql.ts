import type { OperationLog } from './stats';

/** The first error of a GraphQL answer as a short line, or null when it has none. */
export function errorOf(status: number, text: string): string | null {
  if (status !== 200) return `HTTP ${status}: ${text.slice(0, 160)}`;
  try {
    const body = JSON.parse(text) as { errors?: { message?: string; errorType?: string }[] };
    const [first] = body.errors ?? [];
    return first ? `${first.errorType ?? 'Error'}: ${first.message ?? ''}`.slice(0, 200) : null;
  } catch {
    return `unreadable answer: ${text.slice(0, 160)}`;
  }
}

/** POSTs one operation as the web app does and logs its latency (and error) in `log`; returns `data`. */
export async function timedRequest<T>(url: string, token: string, query: string, variables: object, log: OperationLog): Promise<T | null> {
  const start = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    const ms = performance.now() - start;
    const error = errorOf(response.status, text);
    if (error) {
      log.failed(ms, error);
      return null;
    }
    log.ok(ms);
    return (JSON.parse(text) as { data: T }).data;
  } catch (error) {
    // fetch reports a refused or dropped connection as "fetch failed" with the reason in `cause`.
    const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
    log.failed(performance.now() - start, cause ? `${message}: ${cause.code ?? cause.message}` : message);
    return null;
  }
}
