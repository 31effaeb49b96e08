import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  authorizedPaymentSchema,
  preapprovalSchema,
  ProviderError,
  providerPaymentSchema,
  type BillingProvider,
  type PreapprovalRequest,
} from '../provider';

export interface MercadoPagoOptions {
  /** e.g. https://api.mercadopago.com (a fake on 127.0.0.1 in tests). */
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
}

/**
 * A small Mercado Pago client of our own: the official SDK hard-codes its
 * base URL. Bearer token, X-Idempotency-Key on every non-GET request, any 2xx
 * is success, the provider's error envelope becomes a ProviderError.
 */
export class MercadoPagoClient implements BillingProvider {
  readonly kind = 'mercadopago' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: MercadoPagoOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  createPreapproval(body: PreapprovalRequest, idempotencyKey: string) {
    return this.request(preapprovalSchema, 'POST', '/preapproval', body, idempotencyKey);
  }

  getPreapproval(id: string) {
    return this.request(preapprovalSchema, 'GET', `/preapproval/${encodeURIComponent(id)}`);
  }

  updatePreapproval(id: string, changes: { status: 'paused' | 'cancelled' }) {
    return this.request(preapprovalSchema, 'PUT', `/preapproval/${encodeURIComponent(id)}`, changes);
  }

  getAuthorizedPayment(id: string) {
    return this.request(authorizedPaymentSchema, 'GET', `/authorized_payments/${encodeURIComponent(id)}`);
  }

  getPayment(id: string) {
    return this.request(providerPaymentSchema, 'GET', `/v1/payments/${encodeURIComponent(id)}`);
  }

  private async request<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.accessToken}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') headers['X-Idempotency-Key'] = idempotencyKey ?? randomUUID();

    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new ProviderError(
        0,
        timedOut ? `Mercado Pago did not answer within ${this.timeoutMs} ms` : 'Unable to reach Mercado Pago',
        timedOut ? 'timeout' : 'network',
        [],
        { cause: err },
      );
    }

    const text = await res.text();
    const data = parseJson(text);
    if (!res.ok) throw errorFromEnvelope(res.status, data);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ProviderError(res.status, `Unexpected Mercado Pago response for ${method} ${path}`, 'invalid_response');
    }
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * `{"message","error","status","cause":[{"code","description"}]}` or, for a bad
 * token, `{"code":"unauthorized","message":"invalid access token"}`.
 */
export function errorFromEnvelope(status: number, data: unknown): ProviderError {
  const envelope = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const rawCauses = Array.isArray(envelope.cause) ? envelope.cause : envelope.cause ? [envelope.cause] : [];
  const causes = rawCauses
    .map((c) => (typeof c === 'object' && c !== null ? text((c as Record<string, unknown>).description) : text(c)))
    .filter((c): c is string => Boolean(c));
  const message = text(envelope.message) ?? text(envelope.error) ?? `Mercado Pago answered HTTP ${status}`;
  return new ProviderError(status, message, text(envelope.error) ?? text(envelope.code), causes);
}
