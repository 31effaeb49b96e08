import { hkdfSync } from 'node:crypto';

/** A 256-bit key for one purpose, derived (HKDF-SHA256) from the server's secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'atende', purpose, 32));
}
