import { join } from 'node:path';
import { errorTypeOf } from '../../../lambdas/lib/errors';
import { lambdaFunctions, type LambdaFunctionName } from '../../../lambdas/resolver-map';
import { TypedError } from './errors';

export type LambdaHandler = (event: any) => Promise<unknown>;
type LoadHandler = (name: LambdaFunctionName) => Promise<LambdaHandler>;
/** Calls the Lambda that serves a root field ("Type.field"), as AppSync's direct Lambda resolver would. */
export type Invoke = (field: string, event: unknown) => Promise<unknown>;

const repoRoot = join(__dirname, '..', '..', '..');

/** The `handler` of a production entry file (a path from the repository's root), loaded in-process. */
export async function loadEntryHandler(entry: string): Promise<LambdaHandler> {
  const module = (await import(join(repoRoot, entry))) as { handler?: LambdaHandler };
  if (typeof module.handler !== 'function') throw new Error(`${entry} exports no handler`);
  return module.handler;
}

/** The production entry file of a resolver Lambda, loaded in-process. */
export const loadHandlerFromEntry: LoadHandler = (name) => loadEntryHandler(lambdaFunctions[name].entry);

/** Lambda hands events and results over as JSON; so does the gateway, so handlers see no live objects. */
function overJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** AppSync ends a request its resolver has not answered within 30 s (the handler may go on; its answer is dropped). */
const RESOLVER_TIMEOUT_MS = 30_000;

/** The handler's answer, or AppSync's timeout error once `timeoutMs` have passed without one. */
async function withinTimeout<T>(answer: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TypedError('Lambda:ExecutionTimeoutException', 'Execution timed out.')), timeoutMs);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createInvoker(resolverMap: Readonly<Record<string, string>>, loadHandler: LoadHandler, timeoutMs = RESOLVER_TIMEOUT_MS): Invoke {
  const loaded = new Map<string, Promise<LambdaHandler>>();
  const handlerFor = (name: string) => {
    let handler = loaded.get(name);
    if (!handler) {
      handler = loadHandler(name as LambdaFunctionName);
      handler.catch(() => loaded.delete(name)); // a broken entry file can be fixed without restarting
      loaded.set(name, handler);
    }
    return handler;
  };

  return async (field, event) => {
    const name = resolverMap[field];
    if (!name) throw new TypedError('Lambda:Unhandled', `No Lambda is mapped to ${field} in the field declarations (lambdas/api-fields.ts)`);
    try {
      const handler = await handlerFor(name);
      return overJson(await withinTimeout(handler(overJson(event)), timeoutMs));
    } catch (error) {
      // AppSync reports a direct Lambda's error by the error's type (its name) and message.
      throw new TypedError(errorTypeOf(error), error instanceof Error ? error.message : String(error));
    }
  };
}
