import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPreapprovals } from '../../db/schema';
import {
  preapprovalSchema,
  ProviderError,
  type AuthorizedPayment,
  type BillingProvider,
  type Preapproval,
  type PreapprovalRequest,
  type ProviderPayment,
} from '../provider';

/**
 * The built-in checkout used when Mercado Pago is not configured. It keeps
 * preapprovals in Mercado Pago's shape in the `sandbox_preapprovals` table and
 * answers like the real API (404 for unknown ids, cancel is irreversible), so
 * verification and webhooks run exactly the same code.
 */
export class SandboxProvider implements BillingProvider {
  readonly kind = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async createPreapproval(body: PreapprovalRequest): Promise<Preapproval> {
    const id = randomBytes(16).toString('hex');
    const now = new Date().toISOString();
    const preapproval: Preapproval = {
      id,
      status: 'pending',
      reason: body.reason,
      external_reference: body.external_reference,
      payer_email: body.payer_email,
      init_point: `${this.publicUrl}/sandbox-checkout/${id}`,
      back_url: body.back_url,
      auto_recurring: { ...body.auto_recurring },
      date_created: now,
      last_modified: now,
    };
    await this.db.insert(sandboxPreapprovals).values({ id, body: preapproval });
    return preapproval;
  }

  async getPreapproval(id: string): Promise<Preapproval> {
    const [row] = await this.db.select({ body: sandboxPreapprovals.body }).from(sandboxPreapprovals).where(eq(sandboxPreapprovals.id, id));
    if (!row) throw new ProviderError(404, 'The preapproval does not exist', 'not_found');
    return preapprovalSchema.parse(row.body);
  }

  updatePreapproval(id: string, changes: { status: 'paused' | 'cancelled' }): Promise<Preapproval> {
    return this.setStatus(id, changes.status);
  }

  /** What the payer decides on the sandbox checkout page (the real checkout does this at Mercado Pago). */
  async setStatus(id: string, status: 'authorized' | 'paused' | 'cancelled'): Promise<Preapproval> {
    const current = await this.getPreapproval(id);
    if (current.status === 'cancelled' && status !== 'cancelled') {
      throw new ProviderError(400, 'A cancelled preapproval cannot be modified', 'bad_request');
    }
    const now = new Date();
    const updated: Preapproval = {
      ...current,
      status,
      last_modified: now.toISOString(),
      // As at Mercado Pago, an authorized subscription says when it charges next: a month from now.
      ...(status === 'authorized' ? { next_payment_date: oneMonthAfter(now).toISOString() } : {}),
    };
    await this.db
      .update(sandboxPreapprovals)
      .set({ body: updated, updatedAt: sql`now()` })
      .where(eq(sandboxPreapprovals.id, id));
    return updated;
  }

  async getAuthorizedPayment(id: string): Promise<AuthorizedPayment> {
    throw new ProviderError(404, `Authorized payment ${id} not found (the sandbox charges nothing)`, 'not_found');
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    throw new ProviderError(404, `Payment ${id} not found (the sandbox charges nothing)`, 'not_found');
  }
}

function oneMonthAfter(at: Date): Date {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
