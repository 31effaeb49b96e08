import { randomUUID } from 'node:crypto';
import { buildWorkflow, type Agent, type CreateAgentInput, type UpdateAgentInput, type WorkflowDocument } from '@atende/shared';
import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { lockAccount } from '../accounts/plan';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import { agentAppearance, agents, conversations, files, knowledgeBases, whatsappConfigs } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { defaultSystemMessage } from './personality';

export type AgentRow = typeof agents.$inferSelect;
/** An agent row with the checklist's facts (what the owner's views read). */
export type AgentViewRow = AgentRow & { hasKnowledge: boolean; tested: boolean; shared: boolean };

export function workflowOf(row: AgentRow, config: Config): WorkflowDocument {
  return buildWorkflow({
    workflowId: row.id,
    name: row.name,
    webhookId: row.webhookId,
    storageWebhookId: row.storageWebhookId,
    systemMessage: row.systemMessage,
    chatModel: config.llm.chatModel,
    embeddingModel: config.llm.embeddingModel,
  });
}

export function toAgentDto(row: AgentRow & Partial<AgentViewRow>, config: Config): Agent {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    webhookId: row.webhookId,
    systemMessage: row.systemMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    nodes: workflowOf(row, config).nodes,
    webhookUrl: `${config.publicUrl}/webhook/${row.webhookId}`,
    publicChatUrl: `${config.publicUrl}/public-chat/${row.webhookId}`,
    lastError: row.lastError,
    setup: {
      personality: row.personalityUpdatedAt !== null,
      knowledge: row.hasKnowledge ?? false,
      tested: row.tested ?? false,
      shared: row.shared ?? false,
    },
  };
}

/**
 * Agents as the owner sees them: an agent without an error of its own shows its WhatsApp configuration's error.
 * The subquery names its tables: Drizzle writes the columns of a one-table query without them, and an
 * unqualified "id" would mean the configuration's own column if it ever had one.
 */
const agentId = sql`${sql.identifier('agents')}.${sql.identifier('id')}`;
const ownerView = () => ({
  ...getTableColumns(agents),
  lastError: sql<string | null>`coalesce(${agents.lastError}, (select w.last_error from ${whatsappConfigs} w where w.agent_id = ${agentId}))`,
  // The checklist's facts, each an indexed existence check.
  hasKnowledge: sql<boolean>`(exists (select 1 from ${files} f where f.agent_id = ${agentId})
    or exists (select 1 from ${knowledgeBases} k where k.agent_id = ${agentId} and (k.about <> '' or k.links <> '')))`,
  tested: sql<boolean>`exists (select 1 from ${conversations} c where c.agent_id = ${agentId} and c.channel = 'test')`,
  shared: sql<boolean>`(exists (select 1 from ${conversations} c where c.agent_id = ${agentId} and c.channel in ('web', 'whatsapp'))
    or exists (select 1 from ${whatsappConfigs} w where w.agent_id = ${agentId}))`,
});
const selectAgents = (db: Db) => db.select(ownerView()).from(agents);

/** The user's agents, newest first. */
export async function listAgents(db: Db, userId: string): Promise<AgentViewRow[]> {
  return selectAgents(db).where(eq(agents.userId, userId)).orderBy(desc(agents.createdAt));
}

export async function countAgents(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agents).where(eq(agents.userId, userId));
  return row?.n ?? 0;
}

/** The user's agent, or 404 — for another user's agent too (never reveal that it exists). */
export async function getOwnedAgent(db: Db, userId: string, agentId: string): Promise<AgentRow> {
  const [row] = await db.select().from(agents).where(and(eq(agents.id, agentId), eq(agents.userId, userId)));
  if (!row) throw notFound('Agent');
  return row;
}

/** getOwnedAgent as the owner's agent page shows it (with its WhatsApp error, as the list). */
export async function getOwnedAgentView(db: Db, userId: string, agentId: string): Promise<AgentViewRow> {
  const [row] = await selectAgents(db).where(and(eq(agents.id, agentId), eq(agents.userId, userId)));
  if (!row) throw notFound('Agent');
  return row;
}

/**
 * Creates an agent and activates it at once (docs/product.md §4). The plan's agent limit
 * is checked under a lock on the account's profile row, so concurrent requests
 * (on any instance) cannot exceed it.
 */
export async function createAgent(db: Db, userId: string, input: CreateAgentInput): Promise<AgentRow> {
  return db.transaction(async (tx) => {
    const { company, plan } = await lockAccount(tx, userId);
    const used = await countAgents(tx, userId);
    if (plan.maxAgents !== null && used >= plan.maxAgents) {
      throw new AppError('PLAN_LIMIT_REACHED', `The ${plan.name} plan allows ${plan.maxAgents} agent(s)`, {
        userMessage: `Seu plano ${plan.name} permite até ${plan.maxAgents} ${plan.maxAgents === 1 ? 'agente' : 'agentes'}. Atualize seu plano para criar mais agentes.`,
      });
    }
    const [row] = await tx
      .insert(agents)
      .values({
        id: randomUUID(),
        userId,
        name: input.name,
        active: true,
        webhookId: randomUUID(),
        storageWebhookId: randomUUID(),
        systemMessage: defaultSystemMessage(company),
      })
      .returning();
    return row!;
  });
}

export async function updateAgent(db: Db, userId: string, agentId: string, input: UpdateAgentInput): Promise<AgentViewRow> {
  return db.transaction(async (tx) => {
    if (input.active === true) {
      // Turning an agent on must respect the plan too (e.g. after a downgrade deactivated the extra ones).
      const { plan } = await lockAccount(tx, userId);
      const [others] = await tx
        .select({ n: count() })
        .from(agents)
        .where(and(eq(agents.userId, userId), eq(agents.active, true), ne(agents.id, agentId)));
      if (plan.maxAgents !== null && (others?.n ?? 0) >= plan.maxAgents) {
        throw new AppError('PLAN_LIMIT_REACHED', `The ${plan.name} plan allows ${plan.maxAgents} active agent(s)`, {
          userMessage: `Seu plano ${plan.name} permite até ${plan.maxAgents} ${plan.maxAgents === 1 ? 'agente ativo' : 'agentes ativos'}. Desative outro agente ou atualize seu plano.`,
        });
      }
    }
    const [row] = await tx
      .update(agents)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.systemMessage !== undefined ? { systemMessage: input.systemMessage, personalityUpdatedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
      .returning(ownerView());
    if (!row) throw notFound('Agent');
    return row;
  });
}

/**
 * Deletes the agent and everything it owns (conversations, knowledge, passages cascade) and returns the
 * storage keys of its objects (uploaded files, avatar), for the caller to delete from the file storage.
 */
export async function deleteAgent(db: Db, userId: string, agentId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [uploads, appearance] = await Promise.all([
      tx.select({ key: files.path }).from(files).where(eq(files.agentId, agentId)),
      tx.select({ key: agentAppearance.avatarKey }).from(agentAppearance).where(eq(agentAppearance.agentId, agentId)),
    ]);
    const deleted = await tx
      .delete(agents)
      .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
      .returning({ id: agents.id });
    if (deleted.length === 0) throw notFound('Agent');
    return [...uploads, ...appearance].map((row) => row.key).filter((key): key is string => key !== null);
  });
}
