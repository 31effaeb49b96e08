import { resolvePlan, type Plan } from '@atende/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profiles } from '../db/schema';

/** The account's current plan (unknown or missing → Gratuito). */
export async function getAccountPlan(db: Executor, userId: string): Promise<Plan> {
  const [row] = await db.select({ plan: profiles.plan }).from(profiles).where(eq(profiles.id, userId));
  return resolvePlan(row?.plan);
}

/**
 * Locks the account's profile row for the rest of the transaction and returns what it holds: plan limits
 * are checked and plans changed under this lock, so concurrent requests (on any instance) never interleave.
 */
export async function lockAccount(tx: Executor, userId: string): Promise<{ company: string | null; plan: Plan }> {
  const [row] = await tx.select({ company: profiles.company, plan: profiles.plan }).from(profiles).where(eq(profiles.id, userId)).for('update');
  return { company: row?.company ?? null, plan: resolvePlan(row?.plan) };
}
