import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';
import { notFound } from '../lib/errors';

/**
 * Creates the account's profile row when it is missing (SPEC §3/§4: at sign-up
 * with the business data, at session start with the id only). Never overwrites.
 */
export async function ensureProfile(
  db: Db,
  data: { id: string; name?: string | null; company?: string | null; phone?: string | null },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: data.id, name: data.name ?? null, company: data.company ?? null, phone: data.phone ?? null })
    .onConflictDoNothing({ target: profiles.id });
}

/** The signed-in user's profile (GET /api/me). */
export async function getMe(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: sql<string | null>`coalesce(${profiles.name}, ${user.name})`,
      company: sql<string | null>`coalesce(${profiles.company}, ${user.company})`,
      phone: sql<string | null>`coalesce(${profiles.phone}, ${user.phone})`,
      plan: sql<string>`coalesce(${profiles.plan}, 'free')`,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound('Profile');
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}
