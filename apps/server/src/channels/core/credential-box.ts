import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/derive-key';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encryption at rest of a channel's credentials (the merchant's WhatsApp token and app secret): AES-256-GCM
 * with a key derived (HKDF-SHA256) from ENCRYPTION_KEY (default AUTH_SECRET) for that channel alone. The agent
 * id is bound as associated data, so a ciphertext copied to another agent's row does not decrypt.
 */
export class CredentialBox {
  readonly #key: Buffer;
  readonly #verifyKey: Buffer;

  /** `channel` names the keys: each channel's credentials are encrypted with keys of their own. */
  constructor(secret: string, channel: string) {
    this.#key = deriveKey(secret, `${channel}-credentials/v1`);
    this.#verifyKey = deriveKey(secret, `${channel}-verify-token/v1`);
  }

  encrypt(plaintext: string, agentId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(agentId, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  decrypt(stored: string, agentId: string): string {
    const [version, payload] = stored.split('.');
    if (version !== VERSION || !payload) throw new Error('Unknown secret format');
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(agentId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /**
   * The agent's webhook verify token (for channels whose webhook handshake has one) before one is stored: unguessable without
   * the server secret and stable, so the Meta handshake works even before the
   * credentials are saved (the value is then stored with them).
   */
  verifyTokenFor(agentId: string): string {
    return createHmac('sha256', this.#verifyKey).update(agentId).digest('base64url').slice(0, 32);
  }
}

/** '••••••••1234': enough to recognise a secret, never enough to use it. */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `••••••••${secret.slice(-4)}` : '••••••••';
}

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
