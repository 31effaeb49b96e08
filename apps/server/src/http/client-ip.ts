import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The caller's IP: the socket address, or, behind trusted proxies, the address they saw (see clientIpOf). */
export function clientIp(c: Context, trustedProxies: number): string {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
  }
  return clientIpOf(c.req.header('x-forwarded-for'), remote, trustedProxies);
}

/** clientNetwork of a request answered without Hono (http/fast-route.ts). */
export function clientNetworkOf(incoming: IncomingMessage, trustedProxies: number): string {
  const forwardedFor = incoming.headers['x-forwarded-for'] as string | undefined; // Node joins repeated ones with ', '
  return networkKey(clientIpOf(forwardedFor, incoming.socket.remoteAddress, trustedProxies));
}

/**
 * Behind `trustedProxies` proxies (TRUST_PROXY), each of which appends the address it was reached from to
 * X-Forwarded-For, the caller is the entry that many from the end: the first one written by a proxy we trust. The
 * entries before it are whatever the caller sent — taking the first entry would let anyone pick the address every
 * per-address limit counts them by. A proxy that replaces the header instead leaves one entry, the same one.
 */
export function clientIpOf(forwardedFor: string | undefined, remoteAddress: string | undefined, trustedProxies: number): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor.split(',').map((hop) => hop.trim()).filter(Boolean);
    if (hops.length > 0) return hops[Math.max(0, hops.length - trustedProxies)]!;
  }
  return remoteAddress ?? 'unknown';
}

/**
 * The key rate limits count a caller by: its IPv4 address, or the /64 network of its IPv6 address — one
 * customer line gets a whole /64, so counting single IPv6 addresses would give an attacker 2^64 fresh
 * allowances. IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) count as their IPv4 address.
 */
export function clientNetwork(c: Context, trustedProxies: number): string {
  return networkKey(clientIp(c, trustedProxies));
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
