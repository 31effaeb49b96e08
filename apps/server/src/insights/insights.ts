import { INSIGHT_CHANNELS, quotaMonth, type AccountInsights, type Insights } from '@atende/shared';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { getAccountPlan } from '../accounts/plan';
import type { Db } from '../db/client';
import { agents, insightDays } from '../db/schema';
import { messagesUsed } from '../usage/quota';
import { addDays, dayStart, daysBetween, localDay } from './calendar';
import { rollUpInsights } from './rollup';
import { UNANSWERED_GROUPS_MAX, unansweredQuestions } from './unanswered';

/** What the Painel reads of one agent. */
export interface InsightsScope {
  agentId: string;
  agentName: string;
  userId: string;
}

type DayRow = typeof insightDays.$inferSelect;

/** Batches (of ROLLUP_BATCH: 2,000 messages) the rollup catches up on before the Painel is read (the rest is left to the background). */
const CATCH_UP_BATCHES = 8;

/**
 * The Painel of one agent for the last `days` days (today included, São Paulo): the rolled-up counts
 * (rollup.ts, brought up to date first), the month's quota use and its projection, and the unanswered questions.
 */
export async function agentInsights(db: Db, scope: InsightsScope, days: number, now = new Date()): Promise<Insights> {
  const { agents: _agents, ...insights } = await scopeInsights(db, scope.userId, [{ id: scope.agentId, name: scope.agentName }], days, now);
  return insights;
}

/** The account's Painel: every agent together, with each agent's share. */
export async function accountInsights(db: Db, userId: string, days: number, now = new Date()): Promise<AccountInsights> {
  const list = await db.select({ id: agents.id, name: agents.name }).from(agents).where(eq(agents.userId, userId)).orderBy(asc(agents.createdAt));
  return scopeInsights(db, userId, list, days, now);
}

async function scopeInsights(db: Db, userId: string, scope: Array<{ id: string; name: string }>, days: number, now: Date): Promise<AccountInsights> {
  await rollUpInsights(db, { maxBatches: CATCH_UP_BATCHES });
  const to = localDay(now);
  const from = addDays(to, -(days - 1));
  const month = quotaMonth(now);
  const monthStart = `${month}-01`;
  const readFrom = monthStart < from ? monthStart : from;
  const ids = scope.map((a) => a.id);
  const [rows, used, plan, unanswered] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([] as DayRow[])
      : db
          .select()
          .from(insightDays)
          .where(and(inArray(insightDays.agentId, ids), gte(insightDays.day, readFrom), lte(insightDays.day, to))),
    messagesUsed(db, userId, now),
    getAccountPlan(db, userId),
    Promise.all(scope.map((agent) => unansweredQuestions(db, agent, dayStart(from)))),
  ]);
  const inPeriod = rows.filter((r) => r.day >= from);
  const scopeUsed = rows.filter((r) => r.day >= monthStart).reduce((n, r) => n + r.messages, 0);
  const summary = summarize(inPeriod, daysBetween(from, to));
  return {
    from,
    to,
    days,
    ...summary,
    usage: projectUsage({ month, used, scopeUsed, quota: plan.monthlyMessages, today: to }),
    unanswered: unanswered
      .flat()
      .sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt))
      .slice(0, UNANSWERED_GROUPS_MAX),
    agents: scope.map((agent) => {
      const mine = inPeriod.filter((r) => r.agentId === agent.id);
      return {
        id: agent.id,
        name: agent.name,
        conversations: mine.reduce((n, r) => n + r.conversations, 0),
        messages: mine.reduce((n, r) => n + r.messages, 0),
        unanswered: mine.reduce((n, r) => n + (r.outcomes.unanswered ?? 0), 0),
      };
    }),
  };
}

const outcome = (r: DayRow, name: string) => r.outcomes[name] ?? 0;

/** Totals and series of some rolled-up rows over the given days. */
export function summarize(rows: DayRow[], days: string[]): Pick<Insights, 'totals' | 'daily' | 'channels' | 'hours'> {
  const daily = new Map(days.map((date) => [date, { date, conversations: 0, messages: 0, answered: 0, unanswered: 0 }]));
  const channels = new Map<string, { channel: string; conversations: number; messages: number }>(
    INSIGHT_CHANNELS.map((channel) => [channel, { channel, conversations: 0, messages: 0 }]),
  );
  const hours = new Array<number>(24).fill(0);
  const totals = { conversations: 0, messages: 0, answered: 0, unanswered: 0, handedOff: 0, other: 0 };
  let answerMs = 0;
  let answerCount = 0;
  for (const r of rows) {
    const answered = outcome(r, 'answered');
    const unanswered = outcome(r, 'unanswered');
    totals.conversations += r.conversations;
    totals.messages += r.messages;
    totals.answered += answered;
    totals.unanswered += unanswered;
    totals.handedOff += r.personRequests;
    totals.other += outcome(r, 'calculation') + outcome(r, 'small_talk') + outcome(r, 'notice');
    answerMs += r.answerMs;
    answerCount += r.answerCount;
    const day = daily.get(r.day);
    if (day) {
      day.conversations += r.conversations;
      day.messages += r.messages;
      day.answered += answered;
      day.unanswered += unanswered;
    }
    const channel = channels.get(r.channel) ?? { channel: r.channel, conversations: 0, messages: 0 };
    channel.conversations += r.conversations;
    channel.messages += r.messages;
    channels.set(r.channel, channel);
    r.hours.forEach((n, h) => (hours[h]! += n));
  }
  return {
    totals: { ...totals, averageAnswerMs: answerCount > 0 ? Math.round(answerMs / answerCount) : null },
    daily: [...daily.values()],
    channels: [...channels.values()],
    hours,
  };
}

/**
 * The month's use and where it ends at this month's pace: the messages so far spread over the days gone
 * (today counted as a whole day), times the days of the month.
 */
export function projectUsage(input: { month: string; used: number; scopeUsed: number; quota: number | null; today: string }): Insights['usage'] {
  const { month, used, scopeUsed, quota, today } = input;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const monthDays = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const elapsed = Math.max(1, Number(today.slice(8, 10)));
  const perDay = used / elapsed;
  const projected = Math.round(perDay * monthDays);
  let runsOutOn: string | null = null;
  if (quota !== null && used >= quota) runsOutOn = today;
  else if (quota !== null && perDay > 0 && projected > quota) {
    const day = Math.min(monthDays, Math.ceil(quota / perDay));
    runsOutOn = `${month}-${String(day).padStart(2, '0')}`;
  }
  return { month, used, scopeUsed, quota, projected, runsOutOn };
}
