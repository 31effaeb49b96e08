import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks Meta's X-Hub-Signature-256 header (`sha256=` + hex HMAC-SHA256 keyed
 * with the app secret) against the exact bytes received
 * (never a re-serialised JSON: emoji and accents are escaped differently).
 * Constant-time; a missing or malformed header fails.
 */
export function isValidSignature(rawBody: Uint8Array, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}
