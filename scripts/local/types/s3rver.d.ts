// s3rver ships no types; these cover what the local stack uses.
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { S3Event } from 'aws-lambda';

  interface S3rverOptions {
    address?: string;
    /** A port, or the path of a Unix socket to listen on (s3rver hands it to http.Server#listen). */
    port?: number | string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  interface S3Object {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    store: { putObject(object: S3Object): Promise<{ size: number; md5: string }> };
    run(): Promise<{ address: string; port: number } | string>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: S3Event) => void): this;
    on(event: string, listener: (...args: any[]) => void): this;
  }
  export = S3rver;
}

declare module 's3rver/lib/models/account' {
  export const DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}
