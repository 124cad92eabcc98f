import { createInvoker, type LambdaHandler } from './handlers';

/** An invoker whose one field is served by `handler`, with AppSync's resolver timeout shortened to `timeoutMs`. */
const invokerOf = (handler: LambdaHandler, timeoutMs: number) => createInvoker({ 'Mutation.slow': 'slowFunction' }, async () => handler, timeoutMs);

describe('the resolver timeout', () => {
  it("answers AppSync's timeout error when the handler has not answered in time, without waiting for it", async () => {
    const invoke = invokerOf(() => new Promise(() => {}), 200);
    const started = Date.now();
    await expect(invoke('Mutation.slow', {})).rejects.toMatchObject({
      errorType: 'Lambda:ExecutionTimeoutException',
      message: 'Execution timed out.',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("passes on a handler's answer or error that comes in time", async () => {
    expect(await invokerOf(async () => ({ ok: true }), 1_000)('Mutation.slow', {})).toEqual({ ok: true });
    const refusing = invokerOf(async () => Promise.reject(Object.assign(new Error('No.'), { name: 'ValidationError' })), 1_000);
    await expect(refusing('Mutation.slow', {})).rejects.toMatchObject({ errorType: 'ValidationError', message: 'No.' });
  });
});
