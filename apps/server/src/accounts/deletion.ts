import { eq, inArray } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { agentAppearance, agents, files, user } from '../db/schema';
import type { FileStorage } from '../files/storage';
import { AppError } from '../lib/errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { accountDeletedMessage, accountLinks } from '../mail/messages';

export interface AccountDeletionDeps {
  db: Db;
  auth: Auth;
  storage: FileStorage;
  mail: Mailer;
  publicUrl: string;
  logger: Logger;
  /**
   * Cancels the account's paid subscription with the payment provider (billing, wired by the composition
   * root); resolves to whether there was one. A failure stops the deletion: nobody is charged for an account
   * that no longer exists.
   */
  cancelSubscription: (userId: string) => Promise<boolean>;
}

/** Checks the account's password (Better Auth's own hash), without opening a session. */
export async function passwordMatches(auth: Auth, userId: string, password: string): Promise<boolean> {
  const ctx = await auth.$context;
  const credential = (await ctx.internalAdapter.findAccounts(userId)).find((a) => a.providerId === 'credential');
  return Boolean(credential?.password && (await ctx.password.verify({ hash: credential.password, password })));
}

/**
 * Deletes an account for good (issue 15): cancels the subscription with Mercado Pago, removes the stored
 * objects (uploads, avatars) and then the user, whose rows cascade (profile, sessions, agents with their
 * knowledge, conversations, WhatsApp settings, usage, billing records), and e-mails a confirmation.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string, password: string): Promise<void> {
  const { db } = deps;
  if (!(await passwordMatches(deps.auth, userId, password))) {
    throw new AppError('VALIDATION_FAILED', 'Wrong password', {
      userMessage: 'Senha incorreta.',
      details: { password: ['Senha incorreta'] },
    });
  }
  const [owner] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (!owner) throw new AppError('NOT_FOUND', 'Account not found');
  const subscriptionCancelled = await deps.cancelSubscription(userId);

  const agentIds = (await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId))).map((a) => a.id);
  const keys =
    agentIds.length === 0
      ? []
      : [
          ...(await db.select({ key: files.path }).from(files).where(inArray(files.agentId, agentIds))),
          ...(await db.select({ key: agentAppearance.avatarKey }).from(agentAppearance).where(inArray(agentAppearance.agentId, agentIds))),
        ]
          .map((row) => row.key)
          .filter((key): key is string => key !== null);
  await db.delete(user).where(eq(user.id, userId));
  // The rows are gone; an object that could not be deleted now is only logged (its key is in the log).
  for (const key of keys) await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'stored object of a deleted account left behind'));

  const links = accountLinks(deps.publicUrl);
  await deps.mail
    .send(accountDeletedMessage({ to: owner.email, name: owner.name, subscriptionCancelled, registerUrl: links.register }))
    .catch((err: unknown) => deps.logger.error({ err }, 'account deletion e-mail not queued'));
}
