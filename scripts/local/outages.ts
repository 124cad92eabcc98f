/**
 * A seam for the outage tests (tests/integration/outages, docs/architecture.md "When a dependency stops answering"):
 * takes one stand-in of this stack off the air and brings it back on the same port, as a dependency that stops
 * answering and returns. Mounted only when the stack starts with FG_OUTAGE_SEAM=1; `npm start` never has it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const OUTAGE_SEAM_PATH = '/_local/outages/';

export interface Outage {
  begin(): Promise<void>;
  end(): Promise<void>;
}

/** A listening server closed (its open connections dropped) and listening again on its port. */
export function serverOutage(server: Server): Outage {
  let address: { port: number; address: string } | undefined;
  return {
    begin: () =>
      new Promise((resolve) => {
        address = server.address() as { port: number; address: string };
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    end: () =>
      new Promise((resolve, reject) => {
        if (!address) return resolve();
        server.once('error', reject);
        server.listen(address.port, address.address, () => {
          server.off('error', reject);
          resolve();
        });
      }),
  };
}

/** The MediaConvert stand-in's ffmpeg gone (FFMPEG_PATH names a file that does not exist) and back. */
export function ffmpegOutage(): Outage {
  const before = process.env.FFMPEG_PATH;
  return {
    begin: async () => {
      process.env.FFMPEG_PATH = join(tmpdir(), 'fitgauge-ffmpeg-unavailable');
    },
    end: async () => {
      if (before === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = before;
    },
  };
}

/** `POST /_local/outages/<name>?down=true|false` begins or ends that stand-in's outage. */
export function createOutageSeam(outages: Record<string, Outage>) {
  return {
    handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'POST' || !url.pathname.startsWith(OUTAGE_SEAM_PATH)) return false;
      const outage = Object.hasOwn(outages, url.pathname.slice(OUTAGE_SEAM_PATH.length))
        ? outages[url.pathname.slice(OUTAGE_SEAM_PATH.length)]
        : undefined;
      if (!outage) {
        res.writeHead(404).end();
        return true;
      }
      (url.searchParams.get('down') === 'true' ? outage.begin() : outage.end()).then(
        () => res.writeHead(204).end(),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
      return true;
    },
  };
}
