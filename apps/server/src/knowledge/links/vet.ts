/**
 * Vetting a link before any connection (SSRF): only http: and https: URLs; the host is resolved once per hop and the
 * hop is refused if ANY resolved address is not public (ssrf.ts); IP-literal hosts are checked directly.
 * `allowLoopbackLinks` is the explicit test-only escape hatch (loopback only, never private networks).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { LinkFetchError } from './errors';
import { isLoopbackAddress, isPublicAddress } from './ssrf';

export interface ResolvedAddress {
  address: string;
  family?: number;
}

/** DNS seam: resolves a hostname to all of its addresses. Defaults to `dns.lookup(host, { all: true })`. */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface VetOptions {
  /**
   * TEST-ONLY. Lets loopback addresses (127.0.0.0/8, ::1 and their mapped forms) through — never private,
   * link-local or metadata addresses. `true` applies to every hop; a predicate is asked for each hop's URL.
   */
  allowLoopbackLinks?: boolean | ((url: URL) => boolean);
  /** DNS seam (tests): replaces `dns.lookup`. Its answers are vetted exactly like real DNS answers. */
  lookup?: HostLookup;
}

export interface VettedTarget {
  url: URL;
  /** Hostname as used for Host/SNI (IPv6 literals without brackets). */
  hostname: string;
  /** The address the connection is pinned to. */
  address: string;
  family: 4 | 6;
  /** Every address the host resolved to (all of them passed the check). */
  addresses: string[];
}

/** Parses and normalises a user-supplied link; only http/https with a host are accepted. */
export function parseHttpUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(typeof input === 'string' ? input.trim() : input.href, base);
  } catch (cause) {
    throw new LinkFetchError('INVALID_URL', `unparsable URL`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkFetchError('INVALID_URL', `protocol ${url.protocol} not allowed`, { url: redact(url) });
  }
  if (!url.hostname) throw new LinkFetchError('INVALID_URL', 'missing host', { url: redact(url) });
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function familyOf(address: string, declared?: number): 4 | 6 {
  if (declared === 4 || declared === 6) return declared;
  return isIP(address) === 6 ? 6 : 4;
}

const defaultLookup: HostLookup = async (hostname) => dnsLookup(hostname, { all: true });

/**
 * Resolves the URL's host and checks every address. Throws BLOCKED_ADDRESS if any address is not public
 * (loopback excepted only when `allowLoopbackLinks` says so for this URL), DNS_FAILED if nothing resolves.
 * Does not connect anywhere.
 */
export async function vetUrl(
  input: string | URL,
  opts: VetOptions = {},
): Promise<VettedTarget> {
  const url = parseHttpUrl(input);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const loopbackOk =
    typeof opts.allowLoopbackLinks === 'function' ? opts.allowLoopbackLinks(new URL(url.href)) : opts.allowLoopbackLinks === true;

  let answers: readonly ResolvedAddress[];
  if (isIP(hostname)) {
    answers = [{ address: hostname }];
  } else {
    try {
      answers = await (opts.lookup ?? defaultLookup)(hostname);
    } catch (cause) {
      throw new LinkFetchError('DNS_FAILED', `could not resolve ${hostname}`, { url: url.href, cause });
    }
    if (!answers || answers.length === 0) {
      throw new LinkFetchError('DNS_FAILED', `no address for ${hostname}`, { url: url.href });
    }
  }

  for (const { address } of answers) {
    if (isIP(address) === 0) {
      throw new LinkFetchError('BLOCKED_ADDRESS', `resolver returned a non-address for ${hostname}`, { url: url.href });
    }
    const allowed = isPublicAddress(address) || (loopbackOk && isLoopbackAddress(address));
    if (!allowed) {
      throw new LinkFetchError('BLOCKED_ADDRESS', `${hostname} resolves to non-public address ${address}`, {
        url: url.href,
      });
    }
  }
  const first = answers[0];
  return {
    url,
    hostname,
    address: first.address,
    family: familyOf(first.address, first.family),
    addresses: answers.map((a) => a.address),
  };
}
