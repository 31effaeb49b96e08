import type { Db } from '../db/client';
import { profiles } from '../db/schema';

/**
 * Creates the account's profile row when it is missing (at sign-up with the
 * business data, at session start with the id only). Never overwrites.
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
