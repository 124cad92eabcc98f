/**
 * The TCP addresses a process listens on, read from Linux's /proc (its open socket inodes matched
 * against the kernel's tables), so a test can check that a local stand-in is not reachable from the
 * network, whatever port it picked.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

interface ListeningSocket {
  /** 127.0.0.1, 0.0.0.0, ::, ::1, ::ffff:127.0.0.1 … */
  address: string;
  port: number;
}

const LISTEN_STATE = '0A';

export function listeningSockets(pid: number): ListeningSocket[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // Closed meanwhile.
    }
  }
  const sockets: ListeningSocket[] = [];
  for (const table of ['tcp', 'tcp6'] as const) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== LISTEN_STATE || !inodes.has(fields[9])) continue;
      const [hexAddress, hexPort] = fields[1].split(':');
      sockets.push({ address: table === 'tcp' ? ipv4(hexAddress) : ipv6(hexAddress), port: parseInt(hexPort, 16) });
    }
  }
  return sockets;
}

export function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

/** /proc/net/tcp writes an IPv4 address as one little-endian 32-bit word in hex. */
function ipv4(hex: string): string {
  return Buffer.from(hex, 'hex').reverse().join('.');
}

/** …and an IPv6 address as four little-endian 32-bit words. */
function ipv6(hex: string): string {
  const bytes = Buffer.concat([0, 8, 16, 24].map((i) => Buffer.from(hex.slice(i, i + 8), 'hex').reverse()));
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return `::ffff:${[...bytes.subarray(12)].join('.')}`;
  }
  const groups = [0, 2, 4, 6, 8, 10, 12, 14].map((i) => bytes.readUInt16BE(i).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}
