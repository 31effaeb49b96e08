import type { Sender } from './payload';

/** The Graph API error envelope: branch on `code`, never on the HTTP status. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    readonly subcode: number | null = null,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

export interface PhoneNumberInfo {
  display_phone_number: string | null;
  verified_name: string | null;
  quality_rating: string | null;
  status: string | null;
  code_verification_status: string | null;
}

export interface GraphClient {
  /** GET /{version}/{phone-number-id}?fields=… — checks the token and the number together. */
  getPhoneNumber(token: string, phoneNumberId: string): Promise<PhoneNumberInfo>;
  /** POST /{version}/{phone-number-id}/messages with a text body (≤ 4,096 characters). Returns the wamid. */
  sendText(token: string, phoneNumberId: string, to: Sender, body: string): Promise<string | null>;
  /** Marks an inbound message as read and shows the typing indicator. */
  markRead(token: string, phoneNumberId: string, messageId: string): Promise<void>;
}

const FIELDS = 'display_phone_number,verified_name,quality_rating,status,code_verification_status';

/**
 * A small client of the WhatsApp Cloud API with an injectable base URL (the
 * tests run a fake on 127.0.0.1). Pure: no database, no logging of secrets.
 */
export function createGraphClient(options: { baseUrl: string; version: string; timeoutMs?: number }): GraphClient {
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(token: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<T> {
    const res = await fetch(`${options.baseUrl}/${options.version}/${path}`, {
      method: init.method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const data: unknown = await res.json().catch(() => null);
    const error = (data as { error?: { code?: unknown; error_subcode?: unknown; message?: unknown } } | null)?.error;
    if (!res.ok || error) {
      throw new GraphError(
        res.status,
        typeof error?.code === 'number' ? error.code : null,
        typeof error?.message === 'string' ? error.message : `Graph API answered HTTP ${res.status}`,
        typeof error?.error_subcode === 'number' ? error.error_subcode : null,
      );
    }
    return data as T;
  }

  const phonePath = (id: string) => encodeURIComponent(id);

  return {
    async getPhoneNumber(token, phoneNumberId) {
      const data = await call<Partial<PhoneNumberInfo>>(token, `${phonePath(phoneNumberId)}?fields=${FIELDS}`, { method: 'GET' });
      return {
        display_phone_number: data.display_phone_number ?? null,
        verified_name: data.verified_name ?? null,
        quality_rating: data.quality_rating ?? null,
        status: data.status ?? null,
        code_verification_status: data.code_verification_status ?? null,
      };
    },
    async sendText(token, phoneNumberId, to, body) {
      const data = await call<{ messages?: Array<{ id?: string }> }>(token, `${phonePath(phoneNumberId)}/messages`, {
        method: 'POST',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          ...(to.kind === 'wa_id' ? { to: to.id } : { recipient: to.id }),
          type: 'text',
          text: { preview_url: false, body },
        },
      });
      return data.messages?.[0]?.id ?? null;
    },
    async markRead(token, phoneNumberId, messageId) {
      await call(token, `${phonePath(phoneNumberId)}/messages`, {
        method: 'POST',
        body: { messaging_product: 'whatsapp', status: 'read', message_id: messageId, typing_indicator: { type: 'text' } },
      });
    },
  };
}

/** How a failed Graph call is handled. */
export type GraphFailure =
  /** The token was refused or lacks permission: the configuration needs the merchant. */
  | 'credentials'
  /** Rate limits and transient failures: try again later. */
  | 'retry'
  /** Free-form messages are only allowed within 24 h of the customer's last message. */
  | 'window'
  /** Anything else: retrying would fail the same way. */
  | 'permanent';

const RATE_LIMITS = new Set([4, 80007, 130429, 131056]);
const TRANSIENT = new Set([1, 2, 131000, 133004]);

export function classifyGraphError(err: unknown): GraphFailure {
  if (!(err instanceof GraphError)) return 'retry'; // network failure or timeout
  if (err.code === 190 || err.code === 10 || (err.code !== null && err.code >= 200 && err.code < 300)) return 'credentials';
  if (err.code === 131047) return 'window';
  if ((err.code !== null && (RATE_LIMITS.has(err.code) || TRANSIENT.has(err.code))) || err.status === 429 || err.status >= 500) return 'retry';
  return 'permanent';
}
