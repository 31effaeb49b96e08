import { z } from 'zod';

/**
 * The subscription provider seam: Mercado Pago's preapproval API, or the
 * built-in sandbox that speaks the same shapes. Everything else in billing
 * talks to this interface only, so the sandbox drives the same code paths.
 */
export interface BillingProvider {
  readonly kind: 'mercadopago' | 'sandbox';
  /** POST /preapproval; `idempotencyKey` is sent as X-Idempotency-Key. */
  createPreapproval(body: PreapprovalRequest, idempotencyKey: string): Promise<Preapproval>;
  /** GET /preapproval/{id} */
  getPreapproval(id: string): Promise<Preapproval>;
  /** PUT /preapproval/{id} (cancel is irreversible). */
  updatePreapproval(id: string, changes: { status: 'paused' | 'cancelled' }): Promise<Preapproval>;
  /** GET /authorized_payments/{id}: one monthly charge of a subscription. */
  getAuthorizedPayment(id: string): Promise<AuthorizedPayment>;
  /** GET /v1/payments/{id} */
  getPayment(id: string): Promise<ProviderPayment>;
}

export interface PreapprovalRequest {
  reason: string;
  external_reference: string;
  payer_email: string;
  auto_recurring: { frequency: number; frequency_type: 'months'; transaction_amount: number; currency_id: 'BRL' };
  back_url: string;
  status: 'pending';
}

const id = z.union([z.string().min(1), z.number()]).transform(String);

/** The fields of a preapproval we rely on (the provider sends more; they are kept). */
export const preapprovalSchema = z.looseObject({
  id,
  status: z.string(),
  reason: z.string().nullish(),
  external_reference: z.string().nullish(),
  payer_email: z.string().nullish(),
  init_point: z.string().nullish(),
  back_url: z.string().nullish(),
  /** When Mercado Pago charges next (an authorized subscription). */
  next_payment_date: z.string().nullish(),
  auto_recurring: z
    .looseObject({ transaction_amount: z.number().nullish(), currency_id: z.string().nullish() })
    .nullish(),
});
export type Preapproval = z.infer<typeof preapprovalSchema>;

export const authorizedPaymentSchema = z.looseObject({
  id,
  preapproval_id: z.string().nullish(),
  /** scheduled | processed | recycling | cancelled */
  status: z.string().nullish(),
  transaction_amount: z.number().nullish(),
  currency_id: z.string().nullish(),
  /** The charge itself, once attempted. */
  payment: z.looseObject({ id: id.nullish(), status: z.string().nullish() }).nullish(),
});
export type AuthorizedPayment = z.infer<typeof authorizedPaymentSchema>;

export const providerPaymentSchema = z.looseObject({
  id,
  status: z.string(),
  transaction_amount: z.number().nullish(),
  currency_id: z.string().nullish(),
  external_reference: z.string().nullish(),
  metadata: z.looseObject({ preapproval_id: z.string().nullish() }).nullish(),
  point_of_interaction: z
    .looseObject({ transaction_data: z.looseObject({ subscription_id: z.string().nullish() }).nullish() })
    .nullish(),
});
export type ProviderPayment = z.infer<typeof providerPaymentSchema>;

/** A failed provider call: its HTTP status (0 when there was no answer) and the provider's own message. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly causes: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }

  get timedOut(): boolean {
    return this.code === 'timeout';
  }
}
