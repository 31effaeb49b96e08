import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';

/** The account that owns the product's own agents. It has no credential, so nobody can sign in as it. */
export const SYSTEM_USER_ID = 'system';
export const SYSTEM_EMAIL = 'suporte@atende.app';

/**
 * Creates the system account once: a `user` row without any `account` row
 * (no password, no provider) and a profile on Enterprise, so its agents have
 * no message quota and never count in a merchant's plan. Returns false when
 * the e-mail already belongs to someone else (the support agent is then skipped).
 */
export async function ensureSystemAccount(db: Db): Promise<boolean> {
  await db
    .insert(user)
    .values({ id: SYSTEM_USER_ID, name: 'Atende', email: SYSTEM_EMAIL, emailVerified: true, company: 'Atende' })
    .onConflictDoNothing();
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, SYSTEM_USER_ID));
  if (!row) return false;
  await db
    .insert(profiles)
    .values({ id: SYSTEM_USER_ID, name: 'Atende', company: 'Atende', plan: 'enterprise', paymentStatus: 'approved' })
    .onConflictDoUpdate({ target: profiles.id, set: { plan: 'enterprise', paymentStatus: 'approved', updatedAt: sql`now()` } });
  return true;
}
