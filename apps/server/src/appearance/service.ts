import { randomUUID } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  defaultAppearance,
  sniffAvatarType,
  type AgentAppearance,
  type Appearance,
  type AvatarType,
  type PublicAppearance,
} from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agentAppearance } from '../db/schema';
import type { FileStorage } from '../files/storage';
import { AppError } from '../lib/errors';
import type { Logger } from '../logger';

export type AppearanceRow = typeof agentAppearance.$inferSelect;

const EXTENSIONS: Record<AvatarType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export async function readAppearance(db: Db, agentId: string): Promise<AppearanceRow | null> {
  const [row] = await db.select().from(agentAppearance).where(eq(agentAppearance.agentId, agentId));
  return row ?? null;
}

/**
 * The public address of an agent's avatar. The version (the random part of the stored name) changes with
 * every new picture, so the address can be cached for good.
 */
export function avatarUrl(publicUrl: string, webhookId: string, avatarKey: string | null): string | null {
  if (!avatarKey) return null;
  return `${publicUrl}/webhook/${encodeURIComponent(webhookId)}/avatar?v=${avatarVersion(avatarKey)}`;
}

export function avatarVersion(avatarKey: string): string {
  return /avatar-([\w-]+)\./.exec(avatarKey)?.[1] ?? '';
}

function settingsOf(row: AppearanceRow | null): Appearance {
  if (!row) return defaultAppearance;
  const { color, displayName, welcomeMessage, suggestions, position } = row;
  return { color, displayName, welcomeMessage, suggestions, position };
}

/** What the owner edits in 'Aparência'. */
export function toAgentAppearance(row: AppearanceRow | null, agent: { webhookId: string }, publicUrl: string): AgentAppearance {
  return { ...settingsOf(row), avatarUrl: avatarUrl(publicUrl, agent.webhookId, row?.avatarKey ?? null) };
}

/** What customers' chat pages and the widget read: what they would see anyway, nothing else. */
export function toPublicAppearance(row: AppearanceRow | null, agent: { name: string; webhookId: string }, publicUrl: string): PublicAppearance {
  const settings = settingsOf(row);
  return {
    color: settings.color,
    displayName: settings.displayName || agent.name,
    welcomeMessage: settings.welcomeMessage,
    suggestions: settings.suggestions,
    position: settings.position,
    avatarUrl: avatarUrl(publicUrl, agent.webhookId, row?.avatarKey ?? null),
  };
}

/** Saves the settings (the avatar is kept). */
export async function saveAppearance(db: Db, agentId: string, input: Appearance): Promise<AppearanceRow> {
  const [row] = await db
    .insert(agentAppearance)
    .values({ agentId, ...input })
    .onConflictDoUpdate({ target: agentAppearance.agentId, set: { ...input, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

interface AvatarDeps {
  db: Db;
  storage: FileStorage;
  logger: Logger;
}

/**
 * Replaces the avatar. The picture must be a PNG, JPEG or WebP by its bytes (whatever its name or declared
 * type says) and at most 512 KB. The new object is stored under a new name first; the row then points at it
 * and the previous object is deleted, so a customer never sees a missing picture.
 */
export async function replaceAvatar(deps: AvatarDeps, agent: { id: string; userId: string }, bytes: Uint8Array): Promise<AppearanceRow> {
  if (bytes.byteLength === 0) {
    throw new AppError('VALIDATION_FAILED', 'Empty avatar', { userMessage: 'Escolha uma imagem para enviar.' });
  }
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw avatarTooLarge();
  const type = sniffAvatarType(bytes);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Avatar must be PNG, JPEG or WebP', {
      userMessage: 'Envie uma imagem PNG, JPG ou WebP.',
    });
  }
  const key = `${agent.userId}/${agent.id}/avatar-${randomUUID()}.${EXTENSIONS[type]}`;
  await deps.storage.put(key, bytes, type);
  try {
    const { row, previous } = await deps.db.transaction(async (tx) => {
      await tx.insert(agentAppearance).values({ agentId: agent.id, ...defaultAppearance }).onConflictDoNothing();
      const [current] = await tx
        .select({ avatarKey: agentAppearance.avatarKey })
        .from(agentAppearance)
        .where(eq(agentAppearance.agentId, agent.id))
        .for('update');
      const [updated] = await tx
        .update(agentAppearance)
        .set({ avatarKey: key, avatarType: type, updatedAt: sql`now()` })
        .where(eq(agentAppearance.agentId, agent.id))
        .returning();
      return { row: updated!, previous: current?.avatarKey ?? null };
    });
    await deleteObject(deps, previous);
    return row;
  } catch (err) {
    await deleteObject(deps, key);
    throw err;
  }
}

/** Removes the avatar: the chat shows the display name's initial again. */
export async function removeAvatar(deps: AvatarDeps, agentId: string): Promise<AppearanceRow | null> {
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarKey: agentAppearance.avatarKey })
      .from(agentAppearance)
      .where(eq(agentAppearance.agentId, agentId))
      .for('update');
    if (!current) return { row: null, previous: null };
    const [row] = await tx
      .update(agentAppearance)
      .set({ avatarKey: null, avatarType: null, updatedAt: sql`now()` })
      .where(eq(agentAppearance.agentId, agentId))
      .returning();
    return { row: row!, previous: current.avatarKey };
  });
  await deleteObject(deps, result.previous);
  return result.row;
}

export const avatarTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'Avatar too large', { userMessage: 'A imagem passa de 512 KB. Envie uma imagem menor.' });

async function deleteObject(deps: AvatarDeps, key: string | null) {
  if (!key) return;
  await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'could not delete a stored avatar'));
}
