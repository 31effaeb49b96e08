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

/**
 * Verifies Mercado Pago's x-signature. The provider's documents disagree on
 * whether `data.id` is lowercased in the manifest and on `ts` being seconds or
 * milliseconds, so both spellings of the id are tried and `ts` is used exactly
 * as sent (any number of digits). Comparison is constant-time.
 *
 * There is deliberately no freshness window: Mercado Pago retries for days,
 * and a replayed notification is harmless because every notification is
 * deduplicated and the resource is always fetched again from the provider.
 */
export function verifySignature(notification: SignedNotification, secret: string): boolean {
  const { ts, v1 } = parseSignatureHeader(notification.signature);
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = Buffer.from(v1.toLowerCase(), 'hex');
  const ids = new Set([notification.dataId, notification.dataId?.toLowerCase()]);
  let valid = false;
  for (const dataId of ids) {
    const manifest = signatureManifest({ dataId, requestId: notification.requestId, ts });
    const actual = Buffer.from(signManifest(manifest, secret), 'hex');
    // No early exit: every candidate is compared, in constant time.
    valid = timingSafeEqual(actual, expected) || valid;
  }
  return valid;
}
