import { resolvePlan, type Plan } from '@atende/shared';
import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { agents, profiles } from '../../db/schema';
import type { AgentVersion } from '../../chat/conversations';
import { handoffColumns } from '../../chat/handoff';
import { AppError } from '../../lib/errors';
import { agentLimitColumns } from '../../usage/web-chat-limits';

/** An active agent behind a public webhook id, with its account's plan and its own web chat limits. */
export interface ActiveAgent {
  agent: Omit<Row, 'plan' | 'limits' | 'xmin'>;
  plan: Plan;
  limits: Row['limits'];
  /** What a chat turn checks in its first statement (beginTurn): the row's version and the plan as read. */
  version: AgentVersion;
}

type Row = Awaited<ReturnType<ReturnType<typeof activeAgentQuery>['execute']>>[number];

const agentUnavailable = () =>
  new AppError('NOT_FOUND', 'Chat service not available', {
    userMessage: 'Este chat não está disponível no momento.',
  });

/** Webhook ids whose agent is kept in memory (a few hundred bytes each), the least recently used dropped first. */
const MAX_CACHED = 2_000;
/** A kept agent is read again after this long, whatever happened (one statement per webhook id every few minutes). */
const MAX_AGE_MS = 5 * 60_000;

/**
 * The public chat's agents by webhook id (ADR 0019). `read` always asks the database (one query); `cached` answers
 * from memory after the first read. A cached agent may be out of date — edited, deactivated, its plan changed, on
 * this instance or another — so a chat turn passes its `version` to beginTurn, which goes on only while the agent
 * row and the plan are still those (in the turn's own statement, so no statement is added); otherwise nothing
 * happens, and the caller calls `read` and starts the turn again. A web turn is one statement less.
 */
export function activeAgents(db: Db) {
  const query = activeAgentQuery(db);
  // The least recently used webhook id goes first past MAX_CACHED; an agent is read again MAX_AGE_MS after its read.
  const kept = new LRUCache<string, ActiveAgent>({ max: MAX_CACHED, ttl: MAX_AGE_MS });

  async function read(webhookId: string): Promise<ActiveAgent> {
    const [row] = await query.execute({ webhookId });
    if (!row) {
      kept.delete(webhookId);
      throw agentUnavailable();
    }
    const { plan, limits, xmin, ...agent } = row;
    const active: ActiveAgent = { agent, plan: resolvePlan(plan), limits, version: { xmin, plan } };
    kept.set(webhookId, active);
    return active;
  }

  return {
    read,
    /** The agent as last read on this instance (maybe out of date: pass its version to the turn), or read now. */
    async cached(webhookId: string): Promise<ActiveAgent> {
      return kept.get(webhookId) ?? read(webhookId);
    },
  };
}

/**
 * The active agent behind a public webhook id, with its account's plan (one query), prepared once per handle:
 * on Postgres a named statement, parsed and planned once per connection. `xmin` changes with every write to the row.
 */
function activeAgentQuery(db: Db) {
  return db
    .select({
      id: agents.id,
      userId: agents.userId,
      name: agents.name,
      webhookId: agents.webhookId,
      systemMessage: agents.systemMessage,
      lastError: agents.lastError,
      knowledgeVersion: agents.knowledgeVersion,
      ...handoffColumns,
      plan: profiles.plan,
      limits: agentLimitColumns,
      xmin: sql<string>`${agents}.xmin::text`.as('xmin'),
    })
    .from(agents)
    .leftJoin(profiles, eq(profiles.id, agents.userId))
    .where(and(eq(agents.webhookId, sql.placeholder('webhookId')), eq(agents.active, true)))
    .prepare('atende_active_agent');
}
