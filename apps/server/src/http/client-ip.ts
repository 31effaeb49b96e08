import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The caller's IP: the socket address, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
  }
  return clientIpOf(c.req.header('x-forwarded-for'), remote, trustProxy);
}

/** clientNetwork of a request answered without Hono (http/fast-route.ts). */
export function clientNetworkOf(incoming: IncomingMessage, trustProxy: boolean): string {
  const forwardedFor = incoming.headers['x-forwarded-for'] as string | undefined; // Node joins repeated ones with ', '
  return networkKey(clientIpOf(forwardedFor, incoming.socket.remoteAddress, trustProxy));
}

function clientIpOf(forwardedFor: string | undefined, remoteAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return remoteAddress ?? 'unknown';
}

/**
 * The key rate limits count a caller by: its IPv4 address, or the /64 network of its IPv6 address — one
 * customer line gets a whole /64, so counting single IPv6 addresses would give an attacker 2^64 fresh
 * allowances. IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) count as their IPv4 address.
 */
export function clientNetwork(c: Context, trustProxy: boolean): string {
  return networkKey(clientIp(c, trustProxy));
}

export function networkKey(ip: string): string {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(address)) return address;
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address.replace(/^::/, '0:'));
  if (mapped) return mapped[1]!;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, "::" expanded, without leading zeros. */
function expandIPv6(address: string): string[] {
  const withV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  );
  const [head, tail] = withV4.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => (g.replace(/^0+(?=.)/, '') || '0'));
}
