// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    connectionRate?: number;
    timeout?: number;
    requests?: Request[];
  }

  interface Instance extends EventEmitter, PromiseLike<unknown> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
