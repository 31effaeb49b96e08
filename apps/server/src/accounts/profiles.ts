import type { ProfileUpdate } from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';
import { notFound } from '../lib/errors';

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

/** 'Seus dados': the fields given change on the profile (and the name on the sign-in record too). */
export async function updateProfile(db: Db, userId: string, update: ProfileUpdate) {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, ...update })
      .onConflictDoUpdate({ target: profiles.id, set: { ...update, updatedAt: new Date() } });
    const own = { name: update.name, company: update.company, phone: update.phone };
    const changed = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined));
    await tx.update(user).set({ ...changed, updatedAt: new Date() }).where(eq(user.id, userId));
  });
  return getMe(db, userId);
}
