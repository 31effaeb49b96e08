import { testDay, type Plan, type WebLimits, type WebLimitsInput } from '@atende/shared';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, SqlValue } from '../db/client';
import { agents, webChatCounters } from '../db/schema';
import { RateLimiter } from '../http/rate-limit';
import { AppError } from '../lib/errors';

/*
 * The public web chat's limits per agent (issue 13, item 5): anonymous visitors may not spend the account's
 * monthly quota that WhatsApp customers also need. A visitor may send `rateMessages` every `rateSeconds`
 * (in process memory, like the other rate limits: ADR 0002), and per São Paulo day `dailyPerVisitor`
 * messages, and one network address (IPv6: its /64) `dailyPerIp` — counted in the database, so they hold
 * across instances and restarts.
 */

/** The agent's columns that hold its own limits (null: the server's default). */
export type AgentLimitColumns = Pick<typeof agents.$inferSelect, 'webRateMessages' | 'webRateSeconds' | 'webDailyPerVisitor' | 'webDailyPerIp'>;

export const agentLimitColumns = {
  webRateMessages: agents.webRateMessages,
  webRateSeconds: agents.webRateSeconds,
  webDailyPerVisitor: agents.webDailyPerVisitor,
  webDailyPerIp: agents.webDailyPerIp,
};

/**
 * The server's default limits for an agent of an account on `plan`: one address's daily messages are also held to
 * `addressShare` of the plan's monthly messages (WEB_CHAT_DAILY_PER_IP_SHARE, 10%: Gratuito 10 a day, Essencial 100,
 * Pro and Enterprise the configured 300). Without it one address, starting a new session every few messages, spent a
 * free account's month (100 messages) in seconds, and its WhatsApp customers then met the quota notice. A limit the
 * owner set for the agent is taken as set.
 */
export function defaultLimitsFor(plan: Pick<Plan, 'monthlyMessages'>, defaults: WebLimitsInput, addressShare: number): WebLimitsInput {
  if (plan.monthlyMessages === null) return defaults;
  const cap = Math.max(1, Math.ceil(plan.monthlyMessages * addressShare));
  return cap >= defaults.dailyPerIp ? defaults : { ...defaults, dailyPerIp: cap };
}

export function effectiveLimits(row: AgentLimitColumns, defaults: WebLimitsInput): WebLimitsInput {
  return {
    rateMessages: row.webRateMessages ?? defaults.rateMessages,
    rateSeconds: row.webRateSeconds ?? defaults.rateSeconds,
    dailyPerVisitor: row.webDailyPerVisitor ?? defaults.dailyPerVisitor,
    dailyPerIp: row.webDailyPerIp ?? defaults.dailyPerIp,
  };
}

/** 'N messages every M seconds' per visitor, with each agent's own N and M. */
export class VisitorRates {
  private readonly limiters = new Map<string, RateLimiter>();

  /** Seconds the visitor must wait, or 0 (and the message is counted). */
  take(agentId: string, visitor: string, limits: WebLimitsInput): number {
    const rule = `${limits.rateMessages}/${limits.rateSeconds}`;
    let limiter = this.limiters.get(rule);
    if (!limiter) {
      limiter = new RateLimiter({ limit: limits.rateMessages, windowMs: limits.rateSeconds * 1000 });
      this.limiters.set(rule, limiter);
    }
    const key = `${agentId}:${visitor}`;
    const wait = limiter.blockedFor(key);
    if (wait === 0) limiter.hit(key);
    return wait;
  }
}

/** A web visitor's message to count against the agent's daily limits (the session's stored key, the address's network). */
export interface VisitorCount {
  session: string;
  network: string;
  limits: WebLimitsInput;
}

/** Which daily limit refused a visitor's message. */
export type VisitorRefusal = 'visitor' | 'ip';

/** The keys of a visitor's two daily counters: the session's, and its address's network. */
export const visitorCounterKeys = (visitor: Pick<VisitorCount, 'session' | 'network'>) => ({ visitorKey: `v:${visitor.session}`, addressKey: `ip:${visitor.network}` });

/**
 * The counting as CTEs `visitor` and `address` (a row each when that counter took the message) for a larger
 * statement — the one that starts the chat turn (chat/conversations.ts beginTurn), so a turn has one write
 * less: each counter only increments while under its limit, and only `when` (the agent is still as read).
 * The address's counter guards the plan's monthly messages, which a message to the team does not spend: it
 * counts only `addressWhen` too (beginTurn: the conversation is not with the team), and a message it leaves out
 * is admitted by it. Values may be placeholders (db/client.ts executeShaped); the keys are visitorCounterKeys'.
 */
export function visitorCountCtes(
  v: { agentId: SqlValue; day: SqlValue; visitorKey: SqlValue; addressKey: SqlValue; dailyPerVisitor: SqlValue; dailyPerIp: SqlValue },
  when: SQL = sql`true`,
  addressWhen: SQL = sql`true`,
): SQL {
  return sql`visitor as (
      insert into web_chat_counters (agent_id, day, key, messages) select ${v.agentId}, ${v.day}, ${v.visitorKey}, 1 where ${when}
      on conflict (agent_id, day, key) do update set messages = web_chat_counters.messages + 1
      where web_chat_counters.messages < ${v.dailyPerVisitor}::int
      returning 1
    ), address as (
      insert into web_chat_counters (agent_id, day, key, messages) select ${v.agentId}, ${v.day}, ${v.addressKey}, 1 where ${when} and ${addressWhen}
      on conflict (agent_id, day, key) do update set messages = web_chat_counters.messages + 1
      where web_chat_counters.messages < ${v.dailyPerIp}::int
      returning 1
    )`;
}

/** Which limit refused the message, from the two counters' answers; null when it may go on. */
export function visitorRefusal(visitorCounted: boolean, addressCounted: boolean): VisitorRefusal | null {
  if (visitorCounted && addressCounted) return null;
  return visitorCounted ? 'ip' : 'visitor';
}

/** Counts a refused message of the agent today; true when it is the agent's first refusal of the day. */
export async function recordRefusal(db: Db, agentId: string, day: string): Promise<boolean> {
  return (await countForAgent(db, agentId, day, 'refused')) === 1;
}

/**
 * Adds one to an agent's counter `key` of `day` (the agent's daily counters, pruned after a day) and returns its new
 * value: the day's refusals here, the hour's handoff notices (inbox/notices.ts).
 */
export async function countForAgent(db: Db, agentId: string, day: string, key: string): Promise<number> {
  const [row] = await db
    .insert(webChatCounters)
    .values({ agentId, day, key, messages: 1 })
    .onConflictDoUpdate({ target: [webChatCounters.agentId, webChatCounters.day, webChatCounters.key], set: { messages: sql`${webChatCounters.messages} + 1` } })
    .returning({ messages: webChatCounters.messages });
  return row!.messages;
}

/** The 429 of a refused visitor (pt-BR reason from the error code). */
export function visitorLimitReached(refused: VisitorRefusal): AppError {
  return new AppError('VISITOR_LIMIT_REACHED', `The agent's daily limit per ${refused === 'ip' ? 'address' : 'visitor'} is reached`);
}

export async function readWebLimits(db: Db, agent: AgentLimitColumns & { id: string }, defaults: WebLimitsInput): Promise<WebLimits> {
  return { ...effectiveLimits(agent, defaults), refusedToday: await refusedToday(db, agent.id) };
}

/** Visitor messages the agent's limits refused today. */
export async function refusedToday(db: Db, agentId: string, day = testDay()): Promise<number> {
  const [refused] = await db
    .select({ messages: webChatCounters.messages })
    .from(webChatCounters)
    .where(and(eq(webChatCounters.agentId, agentId), eq(webChatCounters.day, day), eq(webChatCounters.key, 'refused')));
  return refused?.messages ?? 0;
}

/** Stores the owner's limits for the agent (ownership is checked by the caller). */
export async function saveWebLimits(db: Db, agentId: string, input: WebLimitsInput): Promise<void> {
  await db
    .update(agents)
    .set({ webRateMessages: input.rateMessages, webRateSeconds: input.rateSeconds, webDailyPerVisitor: input.dailyPerVisitor, webDailyPerIp: input.dailyPerIp })
    .where(eq(agents.id, agentId));
}

/** Drops the counters of days before yesterday (they only ever matter for today). */
export async function pruneWebChatCounters(db: Db, today = testDay()): Promise<void> {
  const yesterday = testDay(new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000));
  await db.delete(webChatCounters).where(lt(webChatCounters.day, yesterday));
}
