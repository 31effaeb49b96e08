import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedNotification {
  /** The x-signature header: `ts=<timestamp>,v1=<hex hmac>`. */
  signature?: string;
  /** The x-request-id header. */
  requestId?: string;
  /** `data.id` from the notification URL's query. */
  dataId?: string;
}

/** Splits `ts=…,v1=…` into its parts (order and spaces do not matter). */
export function parseSignatureHeader(header: string | undefined): { ts?: string; v1?: string } {
  const parts: Record<string, string> = {};
  for (const piece of (header ?? '').split(',')) {
    const at = piece.indexOf('=');
    if (at <= 0) continue;
    parts[piece.slice(0, at).trim().toLowerCase()] = piece.slice(at + 1).trim();
  }
  return { ts: parts.ts || undefined, v1: parts.v1 || undefined };
}

/** `id:{data.id};request-id:{x-request-id};ts:{ts};` with every absent pair dropped. */
export function signatureManifest(parts: { dataId?: string; requestId?: string; ts?: string }): string {
  return [
    parts.dataId ? `id:${parts.dataId};` : '',
    parts.requestId ? `request-id:${parts.requestId};` : '',
    parts.ts ? `ts:${parts.ts};` : '',
  ].join('');
}

export function signManifest(manifest: string, secret: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/** How old a signed notification may be: a replay of an old signed request is refused (issue 13, item 6). */
export const SIGNATURE_MAX_AGE_MS = 10 * 60_000;

/**
 * Verifies Mercado Pago's x-signature. The provider's documents disagree on
 * whether `data.id` is lowercased in the manifest and on `ts` being seconds or
 * milliseconds, so both spellings of the id are tried, `ts` is signed exactly
 * as sent and read as milliseconds when it has 13 or more digits. Comparison
 * is constant-time. A `ts` older than SIGNATURE_MAX_AGE_MS (or more than that
 * in the future) is refused: a captured request cannot be replayed later
 * (Mercado Pago's own SDK offers the same check, `toleranceSeconds`). The
 * owner's return from checkout confirms a subscription with the provider
 * whatever happens to its notifications (confirm-payment.ts).
 */
export function verifySignature(notification: SignedNotification, secret: string, now = Date.now()): boolean {
  const { ts, v1 } = parseSignatureHeader(notification.signature);
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const signedAt = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  const fresh = Math.abs(now - signedAt) <= SIGNATURE_MAX_AGE_MS;
  const expected = Buffer.from(v1.toLowerCase(), 'hex');
  const ids = new Set([notification.dataId, notification.dataId?.toLowerCase()]);
  let valid = false;
  for (const dataId of ids) {
    const manifest = signatureManifest({ dataId, requestId: notification.requestId, ts });
    const actual = Buffer.from(signManifest(manifest, secret), 'hex');
    // No early exit: every candidate is compared, in constant time.
    valid = timingSafeEqual(actual, expected) || valid;
  }
  return valid && fresh;
}
