import { resolvePlan, type Plan } from '@atende/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profiles } from '../db/schema';

/** The account's current plan (unknown or missing → Gratuito). */
export async function getAccountPlan(db: Executor, userId: string): Promise<Plan> {
  const [row] = await db.select({ plan: profiles.plan }).from(profiles).where(eq(profiles.id, userId));
  return resolvePlan(row?.plan);
}
