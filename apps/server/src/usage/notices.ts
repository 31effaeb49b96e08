import { QUOTA_WARNING_SHARE } from '@atende/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents, usageCounters, user } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { quotaWarningMessage, webLimitReachedMessage } from '../mail/messages';

/**
 * Tells the merchant, by e-mail, when the account nears or reaches its monthly quota and when an agent's
 * public web chat limits first turn a visitor away on a day (issue 13, item 5); the dashboard shows the same
 * from the usage it already reads. Sent from the chat turn without waiting: a failure is logged, never the
 * customer's problem.
 */
/** The quota notices sent this month: up to 80% (1) or 100% (2) of `quota` (the usage counter's notice columns). */
export interface QuotaNoticed {
  level: number;
  quota: number | null;
}

export interface UsageNotices {
  /**
   * The account has used `used` messages of `month` (a message was counted, or refused at the quota): from 80% and from
   * 100% of `quota` the owner is told, once each per month and quota (a refunded message that crosses again, or
   * another turn at the same count, sends nothing more; a new quota after a plan change is told anew). `noticed`: what
   * was already sent, as the turn's count read it; a notice is claimed in the database only when it is due by it.
   */
  messageCounted(userId: string, month: string, used: number, quota: number | null, noticed?: QuotaNoticed): void;
  /** The agent's web chat limits refused a visitor for the first time today. */
  webLimitReached(agentId: string): void;
}

export function createUsageNotices(deps: { db: Db; mail: Mailer; publicUrl: string; logger: Logger }): UsageNotices {
  const { db, mail, publicUrl } = deps;
  const log = deps.logger.child({ module: 'usage-notices' });
  const owner = async (userId: string) => (await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId)))[0];
  const detach = (work: Promise<unknown>, what: string) => void work.catch((err: unknown) => log.warn({ err }, `${what} notice not sent`));

  return {
    messageCounted(userId, month, used, quota, noticed) {
      if (quota === null) return;
      const level = used >= quota ? 2 : used >= quotaWarningAt(quota) ? 1 : 0;
      if (level === 0 || (noticed && noticed.level >= level && noticed.quota === quota)) return;
      detach(
        (async () => {
          // Claimed in one statement, so concurrent turns (on any instance) send it once.
          const claimed = await db
            .update(usageCounters)
            .set({ noticeLevel: level, noticeQuota: quota })
            .where(
              and(
                eq(usageCounters.userId, userId),
                eq(usageCounters.month, month),
                sql`(${usageCounters.noticeLevel} < ${level} or ${usageCounters.noticeQuota} is distinct from ${quota})`,
              ),
            )
            .returning({ userId: usageCounters.userId });
          if (claimed.length === 0) return;
          const to = await owner(userId);
          if (to) await mail.send(quotaWarningMessage({ to: to.email, name: to.name, used, quota, planUrl: `${publicUrl}/plans` }));
        })(),
        'quota',
      );
    },
    webLimitReached(agentId) {
      detach(
        (async () => {
          const [row] = await db
            .select({ agentName: agents.name, email: user.email, name: user.name })
            .from(agents)
            .innerJoin(user, eq(user.id, agents.userId))
            .where(eq(agents.id, agentId));
          if (!row) return;
          const settingsUrl = `${publicUrl}/dashboard/agents/${agentId}/canais`;
          await mail.send(webLimitReachedMessage({ to: row.email, name: row.name, agentName: row.agentName, settingsUrl }));
        })(),
        'web limit',
      );
    },
  };
}

/** The count at which the 80% warning goes out (never 0, never the quota itself unless the quota is tiny). */
export function quotaWarningAt(quota: number): number {
  return Math.max(1, Math.ceil(quota * QUOTA_WARNING_SHARE));
}
