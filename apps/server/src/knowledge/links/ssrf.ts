/**
 * SSRF guard: decides whether an IP address may be contacted by the server on behalf of a user-supplied link.
 *
 * Policy (default deny):
 * - IPv4: everything is public except the special-purpose ranges listed in IPV4_BLOCKED.
 * - IPv6: only global unicast (2000::/3) is considered, minus documentation / IETF special ranges; 6to4 (2002::/16)
 *   and NAT64 (64:ff9b::/96) are judged by the IPv4 address they embed; IPv4-mapped (::ffff:0:0/96) is judged as
 *   the IPv4 address it carries; everything else (::/96 IPv4-compatible, ::1, ::, fc00::/7, fe80::/10, fec0::/10,
 *   ff00::/8, 100::/64, 64:ff9b:1::/48, Teredo 2001::/32 …) is refused.
 * - Anything that does not parse as an IP address is refused.
 *
 * Parsing is manual (no regex-only checks) and accepts every textual form a resolver or a URL parser might produce:
 * dotted quad, the legacy inet_aton forms (`2130706433`, `0x7f000001`, `017700000001`, `127.1`), bracketed IPv6,
 * zone ids (`fe80::1%eth0`), compressed IPv6 and IPv6 with an embedded dotted IPv4 tail.
 */
import { isIPv6 } from 'node:net';

type Cidr4 = readonly [base: number, prefix: number];

const v4 = (a: number, b: number, c: number, d: number): number => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IANA IPv4 special-purpose ranges that must never be reached (plus multicast / reserved). */
const IPV4_BLOCKED: readonly Cidr4[] = [
  [v4(0, 0, 0, 0), 8], // "this network"
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // CGNAT shared address space
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local, incl. 169.254.169.254 cloud metadata
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments (incl. 192.0.0.192 Oracle metadata)
  [v4(192, 0, 2, 0), 24], // TEST-NET-1 documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay anycast (deprecated)
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // TEST-NET-2 documentation
  [v4(203, 0, 113, 0), 24], // TEST-NET-3 documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, incl. 255.255.255.255 broadcast
];

const LOOPBACK_V4: Cidr4 = [v4(127, 0, 0, 0), 8];

function inCidr4(ip: number, [base, prefix]: Cidr4): boolean {
  if (prefix === 0) return true;
  const mask = (0xffffffff << (32 - prefix)) >>> 0;
  return ((ip & mask) >>> 0) === ((base & mask) >>> 0);
}

function parseV4Part(part: string): number | null {
  if (part === '') return null;
  let radix = 10;
  let digits = part;
  if (/^0x/i.test(part)) {
    radix = 16;
    digits = part.slice(2);
    if (digits === '') return 0; // WHATWG: "0x" alone is 0
    if (!/^[0-9a-f]+$/i.test(digits)) return null;
  } else if (part.length > 1 && part.startsWith('0')) {
    radix = 8;
    digits = part.slice(1);
    if (!/^[0-7]+$/.test(digits)) return null;
  } else if (!/^[0-9]+$/.test(digits)) {
    return null;
  }
  // Guard against absurdly long inputs before converting (avoids precision games with huge numbers).
  if (digits.replace(/^0+/, '').length > 12) return null;
  const n = parseInt(digits, radix);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Parses an IPv4 address in any form accepted by inet_aton / the WHATWG URL host parser:
 * 1–4 dot-separated parts, each decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes.
 * Returns the address as an unsigned 32-bit integer, or null.
 */
export function parseIPv4(input: string): number | null {
  let s = input;
  if (s.endsWith('.')) s = s.slice(0, -1); // a single trailing dot is tolerated, as in URL hosts
  const parts = s.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    const n = parseV4Part(p);
    if (n === null) return null;
    nums.push(n);
  }
  const last = nums[nums.length - 1];
  const head = nums.slice(0, -1);
  if (head.some((n) => n > 255)) return null;
  if (last >= 256 ** (5 - nums.length)) return null;
  let value = last;
  head.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value >>> 0;
}

/** Parses an IPv6 address (optionally bracketed, optionally with a zone id) into 16 bytes, or null. */
export function parseIPv6(input: string): Uint8Array | null {
  let s = input;
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  if (!isIPv6(s)) return null;

  const bytes = new Uint8Array(16);
  // Split off an embedded dotted IPv4 tail, if any.
  let tailV4: number | null = null;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(tail)) return null;
    const octets = tail.split('.').map(Number);
    if (octets.some((o) => o > 255)) return null;
    tailV4 = v4(octets[0], octets[1], octets[2], octets[3]);
    s = s.slice(0, lastColon + 1) + '0:0'; // placeholder groups, overwritten below
  }

  const halves = s.split('::');
  if (halves.length > 2) return null;
  const toGroups = (h: string): number[] | null => {
    if (h === '') return [];
    const groups = h.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
    return groups.some(Number.isNaN) ? null : groups;
  };
  const head = toGroups(halves[0]);
  const rest = halves.length === 2 ? toGroups(halves[1]) : [];
  if (!head || !rest) return null;
  let groups: number[];
  if (halves.length === 2) {
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    groups = [...head, ...new Array<number>(fill).fill(0), ...rest];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  if (tailV4 !== null) {
    bytes[12] = tailV4 >>> 24;
    bytes[13] = (tailV4 >>> 16) & 0xff;
    bytes[14] = (tailV4 >>> 8) & 0xff;
    bytes[15] = tailV4 & 0xff;
  }
  return bytes;
}

const v4At = (b: Uint8Array, i: number): number => v4(b[i], b[i + 1], b[i + 2], b[i + 3]);
const allZero = (b: Uint8Array, from: number, to: number): boolean => b.subarray(from, to).every((x) => x === 0);

type Classified = { kind: 'v4'; value: number } | { kind: 'v6'; bytes: Uint8Array } | null;

/** Parses any textual IP form. IPv6 forms that merely carry an IPv4 address (mapped) collapse to that IPv4. */
function classify(ip: string): Classified {
  const trimmed = ip.trim();
  if (trimmed === '') return null;
  if (trimmed.includes(':')) {
    const bytes = parseIPv6(trimmed);
    if (!bytes) return null;
    // ::ffff:a.b.c.d (IPv4-mapped): the kernel sends these as plain IPv4.
    if (allZero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return { kind: 'v4', value: v4At(bytes, 12) };
    return { kind: 'v6', bytes };
  }
  const value = parseIPv4(trimmed);
  return value === null ? null : { kind: 'v4', value };
}

function isPublicV4(value: number): boolean {
  return !IPV4_BLOCKED.some((cidr) => inCidr4(value, cidr));
}

function isPublicV6(b: Uint8Array): boolean {
  // NAT64 well-known prefix 64:ff9b::/96 → judged by the embedded IPv4 (64:ff9b:1::/48 local-use is refused below).
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && allZero(b, 4, 12)) {
    return isPublicV4(v4At(b, 12));
  }
  // Only global unicast 2000::/3 may be public. This excludes ::, ::1, ::/96 (IPv4-compatible), ::ffff:0:0:0/96
  // (SIIT), 100::/64 (discard), fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (site-local), ff00::/8.
  if ((b[0] & 0xe0) !== 0x20) return false;
  const g0 = (b[0] << 8) | b[1];
  const g1 = (b[2] << 8) | b[3];
  // 2001::/23 IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID 2001:10::/28, …
  if (g0 === 0x2001 && g1 < 0x0200) return false;
  // 2001:db8::/32 documentation.
  if (g0 === 0x2001 && g1 === 0x0db8) return false;
  // 3fff::/20 documentation (RFC 9637).
  if (g0 === 0x3fff && g1 < 0x1000) return false;
  // 2002::/16 6to4: the next 32 bits are an IPv4 address the relay will reach.
  if (g0 === 0x2002) return isPublicV4(v4At(b, 2));
  return true;
}

/**
 * True only when `ip` is an address that is safe to contact from the server: a globally routable unicast address.
 * Loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved, documentation, unique-local,
 * IPv4-mapped/compatible forms of those, 6to4/NAT64 carrying them, and unparsable input all return false.
 */
export function isPublicAddress(ip: string): boolean {
  const c = classify(ip);
  if (!c) return false;
  return c.kind === 'v4' ? isPublicV4(c.value) : isPublicV6(c.bytes);
}

/** True for loopback addresses in any form (127.0.0.0/8, ::1, ::ffff:127.x.y.z, ::127.x.y.z). */
export function isLoopbackAddress(ip: string): boolean {
  const c = classify(ip);
  if (!c) return false;
  if (c.kind === 'v4') return inCidr4(c.value, LOOPBACK_V4);
  const b = c.bytes;
  if (allZero(b, 0, 15) && b[15] === 1) return true; // ::1
  // ::127.x.y.z (deprecated IPv4-compatible form)
  return allZero(b, 0, 12) && inCidr4(v4At(b, 12), LOOPBACK_V4);
}
