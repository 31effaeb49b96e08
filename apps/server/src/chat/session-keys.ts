import { createHash, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import type { Channel } from '@atende/shared';
import type { Config } from '../config';
import { deriveKey } from '../lib/derive-key';

/**
 * How a web visitor's conversation is stored (ADR 0011). The browser's (or the
 * integrator's) session id is a secret: the database keeps only
 * `#` + hex(HMAC-SHA256(key, agentId + '\n' + sessionId)), under a key derived
 * from ENCRYPTION_KEY. The same id sent to two agents names two unrelated
 * conversations, and nothing stored or shown can be turned back into the id.
 * WhatsApp conversations are keyed by the customer's number, which is no secret.
 */
export const STORED_KEY_PREFIX = '#';
const STORED_KEY = /^#[0-9a-f]{64}$/;

export interface SessionKeys {
  /** The stored key of a web visitor's session with one agent. */
  keyFor(agentId: string, sessionId: string): string;
}

export function webSessionKeys(config: Pick<Config, 'encryption'>): SessionKeys {
  // A KeyObject made once: given the key's bytes, createHmac makes one on every call (9 against 1.7 µs a key here).
  const key = createSecretKey(deriveKey(config.encryption.secret, 'web-chat-session/v1'));
  return {
    keyFor: (agentId, sessionId) => STORED_KEY_PREFIX + createHmac('sha256', key).update(`${agentId}\n${sessionId}`).digest('hex'),
  };
}

/** A stored key nobody holds the session id of: the conversation stays in the dashboard and opens for no one. */
export function retiredKey(): string {
  return STORED_KEY_PREFIX + randomBytes(32).toString('hex');
}

export const isStoredKey = (value: string) => STORED_KEY.test(value);

/**
 * The customer as the dashboard names them: 'Visitante 3F9A2C' (the start of the
 * stored key: stable, searchable with a prefix match, and worthless to an
 * attacker), the WhatsApp number, or 'Teste do dono' for the owner's test chat.
 */
export function customerLabel(channel: Channel, storedSessionId: string): string {
  if (channel === 'whatsapp') return /^\d+$/.test(storedSessionId) ? `+${storedSessionId}` : storedSessionId;
  if (channel === 'test') return 'Teste do dono';
  // A row an older release wrote with the raw id (until the start-up re-keys it) is labelled from a digest.
  const hex = isStoredKey(storedSessionId) ? storedSessionId.slice(1) : createHash('sha256').update(storedSessionId).digest('hex');
  return `Visitante ${hex.slice(0, 6).toUpperCase()}`;
}
