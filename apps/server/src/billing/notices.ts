import { QUOTA_TIME_ZONE } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import type { MailMessage } from '../mail/transport';
import type { BillingContext } from './context';

/**
 * The owner's e-mails about money (plan activated, subscription ended, charge refused). Each is sent by the one
 * caller that made the change it tells — the transaction that moved the subscription or the charge under the
 * account's lock (activate.ts, end.ts, charges.ts) — so return pages, repeated notifications and concurrent
 * confirmations never send it twice (ADR 0006).
 */

/** 'Meu plano', where every billing e-mail points. */
export const planPageUrl = (ctx: Pick<BillingContext, 'publicUrl'>) => `${ctx.publicUrl}/dashboard/plan`;

/** Queues one e-mail to the account's owner. Never fails the payment's processing: a failure is logged. */
export async function tellOwner(
  ctx: BillingContext,
  userId: string,
  what: string,
  build: (owner: { to: string; name: string | null }) => MailMessage,
): Promise<void> {
  if (!ctx.mail) return;
  try {
    const [owner] = await ctx.db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
    if (!owner) return;
    await ctx.mail.send(build({ to: owner.email, name: owner.name }));
  } catch (err) {
    ctx.logger.error({ err, userId }, `${what} e-mail not sent`);
  }
}

const day = new Intl.DateTimeFormat('pt-BR', { timeZone: QUOTA_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** A day as the merchant reads it, in São Paulo: '15/09/2026'. */
export const formatDay = (at: Date) => day.format(at);

/** A date the provider sent ('2026-09-15T10:00:00.000-04:00'), as a São Paulo day; null when absent or unreadable. */
export function providerDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : formatDay(at);
}
