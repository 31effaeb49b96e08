import { randomUUID } from 'node:crypto';
import { buildWorkflow, type Agent, type CreateAgentInput, type UpdateAgentInput, type WorkflowDocument } from '@atende/shared';
import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { lockAccount } from '../accounts/plan';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import { agents, whatsappConfigs } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { defaultSystemMessage } from './personality';

export type AgentRow = typeof agents.$inferSelect;

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

export function toAgentDto(row: AgentRow, config: Config): Agent {
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
  };
}

/**
 * Agents as the owner sees them: an agent without an error of its own shows its WhatsApp configuration's error.
 * The subquery names its tables: Drizzle writes the columns of a one-table query without them, and an
 * unqualified "id" would mean the configuration's own column if it ever had one.
 */
const ownerView = () => ({
  ...getTableColumns(agents),
  lastError: sql<string | null>`coalesce(${agents.lastError}, (select w.last_error from ${whatsappConfigs} w where w.agent_id = ${sql.identifier('agents')}.${sql.identifier('id')}))`,
});
const selectAgents = (db: Db) => db.select(ownerView()).from(agents);

/** The user's agents, newest first. */
export async function listAgents(db: Db, userId: string): Promise<AgentRow[]> {
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
export async function getOwnedAgentView(db: Db, userId: string, agentId: string): Promise<AgentRow> {
  const [row] = await selectAgents(db).where(and(eq(agents.id, agentId), eq(agents.userId, userId)));
  if (!row) throw notFound('Agent');
  return row;
}

/**
 * Creates an agent and activates it at once (SPEC §4). The plan's agent limit
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

export async function updateAgent(db: Db, userId: string, agentId: string, input: UpdateAgentInput): Promise<AgentRow> {
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
        ...(input.systemMessage !== undefined ? { systemMessage: input.systemMessage } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
      .returning(ownerView());
    if (!row) throw notFound('Agent');
    return row;
  });
}

/** Deletes the agent and everything it owns (conversations, knowledge, passages cascade). */
export async function deleteAgent(db: Db, userId: string, agentId: string): Promise<void> {
  const deleted = await db
    .delete(agents)
    .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
    .returning({ id: agents.id });
  if (deleted.length === 0) throw notFound('Agent');
}
