import { createHash } from 'node:crypto';
import type { Agent } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { agents, conversations, messages, profiles } from '../../src/db/schema';
import { createUser, type TestContext, type TestUser } from './context';

export async function createAgent(ctx: TestContext, user: TestUser, name = 'Assistente de Vendas'): Promise<Agent> {
  const res = await ctx.request('/api/agents', { method: 'POST', token: user.token, json: { name } });
  if (res.status !== 201) throw new Error(`create agent failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Agent;
}

export async function createUserWithAgent(ctx: TestContext, name = 'Atendente Virtual') {
  const user = await createUser(ctx);
  const agent = await createAgent(ctx, user, name);
  return { user, agent };
}

/** Every stored message of an agent's conversations, in order. */
/** The agent as a channel reads it for a chat turn (`runTurn`): its stored row, handoff settings included. */
export async function turnAgent(ctx: TestContext, agentId: string) {
  const [row] = await ctx.database.db.select().from(agents).where(eq(agents.id, agentId));
  if (!row) throw new Error(`no agent ${agentId}`);
  return row;
}

/** A bakery's knowledge: hours and one price (taught answers and the Painel are tested against it). */
export const BAKERY_ABOUT = 'Padaria Pão Quente. Funcionamos de segunda a sábado, das 6h às 20h. Bolo de cenoura: R$ 25,00.';

/** A new account with an agent 'Bia' whose knowledge base is the bakery's. */
export async function createBakeryAgent(ctx: TestContext) {
  const user = await createUser(ctx);
  const agent = await createAgent(ctx, user, 'Bia');
  const kb = await ctx.request(`/api/agents/${agent.id}/knowledge`, {
    method: 'PUT',
    token: user.token,
    json: { companyName: 'Padaria Pão Quente', about: BAKERY_ABOUT, links: '' },
  });
  expect(kb.status).toBe(200);
  return { user, agent };
}

export function transcript(ctx: TestContext, agentId: string) {
  return ctx.database.db
    .select({ role: messages.role, content: messages.content })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(conversations.agentId, agentId))
    .orderBy(messages.seq);
}

/** What each of an agent's answers did (messages.outcome), in order. */
export async function outcomes(ctx: TestContext, agentId: string) {
  const rows = await ctx.database.db
    .select({ outcome: messages.outcome })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.agentId, agentId), eq(messages.role, 'assistant')))
    .orderBy(messages.seq);
  return rows.map((r) => r.outcome);
}

export async function setPlan(ctx: TestContext, user: TestUser, plan: string) {
  await ctx.database.db.update(profiles).set({ plan }).where(eq(profiles.id, user.id));
}

/**
 * A public chat session id for a readable label: the label plus 96 bits derived from it, so the
 * server accepts it as a secret (ADR 0011) and the same label names the same session.
 */
export const visitor = (label: string) => `${label}-${createHash('sha256').update(label).digest('hex').slice(0, 24)}`;

export function chat(ctx: TestContext, webhookId: string, message: string, sessionId = visitor('sessao-teste-1'), headers: Record<string, string> = {}) {
  return ctx.app.request(`/webhook/${webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://loja-do-cliente.example', ...headers },
    body: JSON.stringify({ message, sessionId }),
  });
}

/** POST /webhook/{id}/history: the session's messages, for whoever holds the session id. */
export function chatHistory(ctx: TestContext, webhookId: string, sessionId: unknown) {
  return ctx.app.request(`/webhook/${webhookId}/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://loja-do-cliente.example' },
    body: JSON.stringify({ sessionId }),
  });
}

export async function chatOutput(ctx: TestContext, webhookId: string, message: string, sessionId?: string): Promise<string> {
  const res = await chat(ctx, webhookId, message, sessionId);
  if (res.status !== 200) throw new Error(`chat failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { output: string }).output;
}

/** Parses an SSE body into events. */
export function parseSse(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((l) => !l.startsWith(':')))
    .filter((lines) => lines.length > 0 && lines.some((l) => l.startsWith('data:')))
    .map((lines) => ({
      event: lines.find((l) => l.startsWith('event:'))?.slice(6).trim() ?? 'message',
      data: JSON.parse(lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n')),
    }));
}
