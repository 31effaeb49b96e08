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

/**
 * Copies the profile fields of the sign-in record to the profile after Better Auth changed the record
 * (POST /api/auth/update-user), so that GET /api/me shows them as it shows PATCH /api/me's changes.
 */
export async function syncProfile(db: Db, data: { id: string; name: string; company?: string | null; phone?: string | null }): Promise<void> {
  const fields = { name: data.name, ...(data.company != null && { company: data.company }), ...(data.phone != null && { phone: data.phone }) };
  await db
    .insert(profiles)
    .values({ id: data.id, ...fields })
    .onConflictDoUpdate({ target: profiles.id, set: { ...fields, updatedAt: new Date() } });
}
