import { plans, type PaymentStatus, type PlanId } from '@atende/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { agents, profiles } from '../db/schema';

/** Sets the account's plan and payment status (creating the profile row if it is missing). */
export async function setAccountPlan(tx: Executor, userId: string, plan: PlanId, paymentStatus: PaymentStatus): Promise<void> {
  const values = { plan, paymentStatus, planUpdatedAt: new Date() };
  await tx
    .insert(profiles)
    .values({ id: userId, ...values })
    .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: sql`now()` } });
}

export async function setPaymentStatus(tx: Executor, userId: string, paymentStatus: PaymentStatus): Promise<void> {
  await tx.update(profiles).set({ paymentStatus, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
}

/**
 * Back on Gratuito: keeps the oldest active agents up to its limit and
 * deactivates the rest. Nothing is deleted: the owner can pick which agents to
 * turn back on, or upgrade. Returns the ids deactivated.
 */
export async function enforceAgentLimit(tx: Executor, userId: string): Promise<string[]> {
  const limit = plans.free.maxAgents ?? Infinity;
  const active = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.userId, userId), eq(agents.active, true)))
    .orderBy(asc(agents.createdAt), asc(agents.id));
  const extra = active.slice(limit).map((a) => a.id);
  if (extra.length > 0) {
    await tx.update(agents).set({ active: false, updatedAt: sql`now()` }).where(inArray(agents.id, extra));
  }
  return extra;
}
