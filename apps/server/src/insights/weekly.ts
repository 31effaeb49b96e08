import { QUOTA_TIME_ZONE } from '@atende/shared';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents, insightDays, user, weeklySummaries } from '../db/schema';
import type { QueueDefinition, ScheduleDefinition } from '../jobs/queue';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { weeklySummaryMessage, type WeeklyAgentSummary } from '../mail/messages';
import { addDays, dayStart, localDay } from './calendar';
import { summarize } from './insights';
import { rollUpInsights } from './rollup';
import { groupQuestions, unansweredQuestions } from './unanswered';

/*
 * 'Resumo semanal': every Monday at 08:00 (São Paulo) a pg-boss schedule sends one job; it e-mails each account
 * whose agents had customers in the seven days before (Monday to Sunday) a summary per agent — conversations,
 * messages, answered share, hand-offs, the questions asked most and the unanswered ones with a link to teach
 * them in the Painel. On unless the owner switched it off ('Resumo semanal por e-mail' in the Painel). Each
 * account is claimed for the week before its e-mail is queued (`weekly_summaries.last_sent_week`), so a retried
 * job or a second worker never sends it twice.
 */

export const WEEKLY_SUMMARY = 'insights-weekly-summary';
export const weeklyQueues: QueueDefinition[] = [{ name: WEEKLY_SUMMARY, retryLimit: 3, heartbeatSeconds: 300, policy: 'standard', deleteWhenDone: true }];
export const weeklySchedules: ScheduleDefinition[] = [{ queue: WEEKLY_SUMMARY, cron: '0 8 * * 1', tz: QUOTA_TIME_ZONE }];

/** The customer messages read per agent for 'Mais perguntado' (the newest of the week). */
const TOP_SCAN = 300;

export interface WeeklyDeps {
  db: Db;
  mail: Mailer;
  publicUrl: string;
  logger: Logger;
  /** Accounts never e-mailed (the product's own support account). */
  skipEmails?: string[];
}

const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** Sends the summary of the seven days before `now`'s day to every account that wants it and had customers. */
export async function sendWeeklySummaries(deps: WeeklyDeps, now = new Date()): Promise<number> {
  const { db, mail, publicUrl } = deps;
  await rollUpInsights(db, { settleMs: 0 });
  const to = addDays(localDay(now), -1);
  const from = addDays(to, -6);
  const rows = await db
    .select({ day: insightDays, userId: agents.userId, agentName: agents.name })
    .from(insightDays)
    .innerJoin(agents, eq(agents.id, insightDays.agentId))
    .where(and(gte(insightDays.day, from), lte(insightDays.day, to)));
  const byUser = new Map<string, Map<string, { name: string; days: Array<typeof insightDays.$inferSelect> }>>();
  for (const r of rows) {
    const perAgent = byUser.get(r.userId) ?? new Map();
    const entry = perAgent.get(r.day.agentId) ?? { name: r.agentName, days: [] };
    entry.days.push(r.day);
    perAgent.set(r.day.agentId, entry);
    byUser.set(r.userId, perAgent);
  }
  if (byUser.size === 0) return 0;
  const owners = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(inArray(user.id, [...byUser.keys()]));
  let sent = 0;
  for (const owner of owners) {
    if (deps.skipEmails?.includes(owner.email)) continue;
    const summaries: WeeklyAgentSummary[] = [];
    for (const [agentId, { name, days }] of byUser.get(owner.id)!) {
      const { totals } = summarize(days, []);
      if (totals.messages === 0) continue;
      const since = dayStart(from);
      const [top, unanswered] = await Promise.all([topQuestions(db, agentId, since, dayStart(addDays(to, 1))), unansweredQuestions(db, { id: agentId, name }, since)]);
      summaries.push({
        name,
        conversations: totals.conversations,
        messages: totals.messages,
        answered: totals.answered,
        unanswered: totals.unanswered,
        handedOff: totals.handedOff,
        topQuestions: top,
        unansweredQuestions: unanswered.slice(0, 5).map((g) => ({ question: g.question, count: g.count })),
        painelUrl: `${publicUrl}/dashboard/agents/${agentId}/insights`,
      });
    }
    if (summaries.length === 0) continue;
    // Claimed for the week first: a retried job or another worker finds it taken.
    const claimed = (await db.execute(sql`
      insert into weekly_summaries (user_id, enabled, last_sent_week) values (${owner.id}, true, ${from})
      on conflict (user_id) do update set last_sent_week = excluded.last_sent_week, updated_at = now()
      where weekly_summaries.enabled and weekly_summaries.last_sent_week is distinct from excluded.last_sent_week
      returning user_id`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) continue;
    await mail.send(weeklySummaryMessage({ to: owner.email, name: owner.name, period: `${formatDay(from)} a ${formatDay(to)}`, agents: summaries }));
    sent += 1;
  }
  deps.logger.info({ week: from, sent }, 'weekly summaries queued');
  return sent;
}

/**
 * The questions customers asked most in the period (the newest TOP_SCAN messages, grouped by paraphrase). Read from
 * the conversations with a message since `since` (their `last_message_at`, by conversations_agent_recent_idx), each
 * by its own index: joined to all of the agent's conversations, the planner scanned every message of every account
 * (67 ms at 400,000 messages; now 10 ms with a hundred conversations of the week, ADR 0016).
 */
async function topQuestions(db: Db, agentId: string, since: Date, until: Date) {
  const from = since.toISOString();
  const result = (await db.execute(sql`
    select m.content, m.created_at, m.conversation_id from conversations c
    cross join lateral (
      select m.content, m.created_at, m.conversation_id from messages m
      where m.conversation_id = c.id and m.role = 'user' and m.created_at >= ${from}::timestamptz and m.created_at < ${until.toISOString()}::timestamptz
      order by m.seq desc limit ${TOP_SCAN}
    ) m
    where c.agent_id = ${agentId} and c.channel <> 'test' and c.last_message_at >= ${from}::timestamptz
    order by m.created_at desc limit ${TOP_SCAN}`)) as unknown as { rows: Array<{ content: string; created_at: string | Date; conversation_id: string }> };
  return groupQuestions(result.rows.map((r) => ({ content: r.content, askedAt: new Date(r.created_at), conversationId: r.conversation_id })))
    .filter((g) => g.terms.length > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((g) => ({ question: g.question, count: g.count }));
}

export async function weeklySummaryEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: weeklySummaries.enabled }).from(weeklySummaries).where(eq(weeklySummaries.userId, userId));
  return row?.enabled ?? true;
}

export async function setWeeklySummary(db: Db, userId: string, enabled: boolean): Promise<void> {
  await db
    .insert(weeklySummaries)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: weeklySummaries.userId, set: { enabled, updatedAt: sql`now()` } });
}
