import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The names the local stack answers to. Every server binds 127.0.0.1 only (LOCAL_HOST), but a page on another site can
 * point its own host name at 127.0.0.1 (DNS rebinding) and then read the answers as same-origin ones: its requests
 * still carry its own name in `Host`, so any other name is refused. (Not [::1]: nothing listens there.)
 */
const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1']);

const FOREIGN_HOST_MESSAGE = 'This local server answers only to localhost and 127.0.0.1.';

/** True when the request's Host header names this machine (with any port). */
function hasLocalHost(req: IncomingMessage): boolean {
  const host = req.headers.host?.toLowerCase();
  if (!host) return false;
  const name = /^([^:]+)(?::\d+)?$/.exec(host)?.[1];
  return name !== undefined && LOCAL_HOST_NAMES.has(name);
}

/** Answers 403 and returns true when the request names another host; false (nothing sent) for a local one. */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (hasLocalHost(req)) return false;
  req.resume();
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(FOREIGN_HOST_MESSAGE);
  return true;
}

/** The same for a WebSocket upgrade: 403 on the raw socket, then closed. */
export function refuseForeignUpgrade(req: IncomingMessage, socket: Duplex): boolean {
  if (hasLocalHost(req)) return false;
  socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${FOREIGN_HOST_MESSAGE}`);
  return true;
}
