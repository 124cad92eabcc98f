import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';

/** Every stand-in binds here; the browser reaches the app itself through http://localhost:<port>. */
export const LOCAL_HOST = '127.0.0.1';

/** Offsets inside a checkout's block of ports; new stand-ins take the next free offset. */
export const serviceOffsets = { dynamodb: 0, cognito: 1, s3: 2, stripe: 3, mediaconvert: 4, push: 5, mailQueue: 6 } as const;
export type ServiceName = keyof typeof serviceOffsets;
export type ServicePorts = Record<ServiceName, number>;

const BLOCK_SIZE = 10;
const FIRST_PORT = 20000;
// Below Linux's ephemeral range (32768 and up by default): a port the kernel hands to an outgoing connection (a test's
// thousands of requests) could otherwise be taken at the moment DynamoDB Local binds its own.
const LAST_PORT = 32760;
const BLOCKS = (LAST_PORT - FIRST_PORT) / BLOCK_SIZE;

/**
 * Ports for the stand-ins, derived from a path unique to the checkout (its .local folder), so two
 * checkouts on one machine do not collide by accident and a checkout keeps its ports across restarts.
 */
export function derivedServicePorts(anchorPath: string): ServicePorts {
  const hash = createHash('sha256').update(anchorPath).digest().readUInt32BE(0);
  const base = FIRST_PORT + (hash % BLOCKS) * BLOCK_SIZE;
  return Object.fromEntries(Object.entries(serviceOffsets).map(([name, offset]) => [name, base + offset])) as ServicePorts;
}

/** Thrown when a port the stack needs is taken; its message is the one line shown to the user. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly purpose: string,
  ) {
    super(`Port ${port} (${purpose}) is already in use; stop whatever is using it and try again.`);
    this.name = 'PortInUseError';
  }
}

/** Resolves when nothing listens on the port, by briefly listening on it. */
export function assertPortFree(port: number, purpose: string, host = LOCAL_HOST): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new PortInUseError(port, purpose) : error),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Ports the OS has just handed out as free, all distinct (tests use these instead of fixed ports). */
export async function freePorts(count: number, host = LOCAL_HOST): Promise<number[]> {
  // All probes stay open until every port is known, so the OS cannot hand out one port twice.
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const probe = createServer();
          probe.once('error', reject);
          probe.listen({ port: 0, host }, () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}
