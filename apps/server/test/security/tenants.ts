/**
 * Two-tenant fixtures for the security suite: an account with every kind of
 * data the product keeps (agent, knowledge text, an ingested file, a
 * conversation, a WhatsApp configuration and billing history), and a snapshot
 * of every database row that belongs to it.
 */
import { randomBytes } from 'node:crypto';
import type { Agent, ConversationSummary, KnowledgeFile } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { FakeGraph } from '../../../../e2e/fakes';
import { chatOutput, createAgent } from '../helpers/agents';
import { createUser, ORIGIN, type TestContext, type TestUser } from '../helpers/context';
import { upload, waitForIngestion } from '../helpers/knowledge';

export interface Tenant {
  label: string;
  /** A random marker put in every text this tenant owns. */
  marker: string;
  user: TestUser;
  agent: Agent;
  companyName: string;
  about: string;
  file: KnowledgeFile;
  fileText: string;
  sessionId: string;
  conversationId: string;
  /** A taught answer ('Ensinar resposta'). */
  taughtAnswerId: string;
  /** The owner's test chat session. */
  testSessionId: string;
  whatsapp: { phoneNumberId: string; metaToken: string; appSecret: string };
  /** Sandbox preapprovals: one approved (the current Pro plan) and one still pending. */
  checkouts: { approved: string; pending: string };
}

/** The eight bytes every PNG starts with: enough for the avatar check, which reads the signature. */
const PNG_SIGNATURE_ONLY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const randomMarker = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

/** Signs up an account and gives it every kind of data, through the public API only. */
export async function seedTenant(
  ctx: TestContext,
  graph: FakeGraph,
  label: string,
  content: { about?: (marker: string) => string; fileText?: (marker: string) => string } = {},
): Promise<Tenant> {
  const marker = randomMarker(`TENANT${label}`);
  const user = await createUser(ctx, { name: `Dono ${label} ${marker}`, company: `Empresa ${label} ${marker}` });
  const agent = await createAgent(ctx, user, `Agente ${label} ${marker}`);
  const auth = { token: user.token };

  const companyName = `Loja ${label} ${marker}`;
  const about = content.about?.(marker) ?? `A loja ${label} abre de segunda a sexta. Código interno ${marker}.`;
  const kb = await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', ...auth, json: { companyName, about, links: '' } });
  expect(kb.status).toBe(200);

  const fileText = content.fileText?.(marker) ?? `Tabela de preços da loja ${label}: café R$ 5,00. Referência ${marker}.`;
  const uploaded = await upload(ctx, user, agent.id, [{ name: `tabela-${label}-${marker}.txt`, bytes: fileText, type: 'text/plain' }]);
  expect(uploaded.status).toBe(201);
  const [file] = await waitForIngestion(ctx, user, agent.id);
  expect(file).toMatchObject({ status: 'ready' });

  // The agent knows little here: it must not call the team after two unanswered questions (issue 16's handoff).
  const handoff = { message: `Vou chamar a equipe ${marker}.`, afterUnanswered: 0, timeoutMinutes: 30, notifyWhatsapp: null, businessHours: null };
  expect((await ctx.request(`/api/agents/${agent.id}/handoff`, { method: 'PUT', ...auth, json: handoff })).status).toBe(200);

  const sessionId = `sessao-${label}-${marker}-${randomBytes(12).toString('hex')}`.toLowerCase();
  await chatOutput(ctx, agent.webhookId, `Olá, aqui é um cliente da loja ${label}`, sessionId);
  await chatOutput(ctx, agent.webhookId, 'Vocês abrem no sábado?', sessionId);
  const convs = await ctx.request(`/api/agents/${agent.id}/conversations`, auth);
  const [conversation] = ((await convs.json()) as { conversations: ConversationSummary[] }).conversations;

  const taught = await ctx.request(`/api/agents/${agent.id}/answers`, {
    method: 'POST',
    ...auth,
    json: { question: `Qual o código da promoção ${label}?`, answer: `O código é ${marker}.` },
  });
  expect(taught.status).toBe(201);
  const taughtAnswerId = ((await taught.json()) as { id: string }).id;
  // The owner's test chat, and how the agent looks (with an avatar in the file storage).
  const testSessionId = `teste-${label}-${marker}-${randomBytes(12).toString('hex')}`.toLowerCase();
  const tested = await ctx.request(`/api/agents/${agent.id}/test-chat`, { method: 'POST', ...auth, json: { message: `Teste do dono ${marker}`, sessionId: testSessionId } });
  expect(tested.status).toBe(200);
  const look = { color: '#1b5e20', displayName: `Atendente ${marker}`, welcomeMessage: `Bem-vindo ${marker}`, suggestions: [`Pergunta ${marker}`], position: 'left' };
  expect((await ctx.request(`/api/agents/${agent.id}/appearance`, { method: 'PUT', ...auth, json: look })).status).toBe(200);
  const avatar = new FormData();
  avatar.append('file', new File([PNG_SIGNATURE_ONLY], 'logo.png', { type: 'image/png' }));
  const avatarRes = await ctx.app.request(`/api/agents/${agent.id}/appearance/avatar`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, origin: ORIGIN },
    body: avatar,
  });
  expect(avatarRes.status).toBe(200);

  const number = graph.addNumber();
  const whatsapp = { phoneNumberId: number.id, metaToken: number.token, appSecret: randomMarker('segredo') };
  const wa = await ctx.request(`/api/agents/${agent.id}/whatsapp`, { method: 'PUT', ...auth, json: whatsapp });
  expect(wa.status).toBe(200);

  const approved = await startSandboxCheckout(ctx, user, 'pro');
  const decision = await ctx.request(`/api/billing/sandbox/${approved}/decision`, { method: 'POST', ...auth, json: { decision: 'approve' } });
  expect(decision.status).toBe(200);
  const pending = await startSandboxCheckout(ctx, user, 'essencial');

  return {
    label,
    marker,
    user,
    agent,
    companyName,
    about,
    file: file!,
    fileText,
    sessionId,
    conversationId: conversation!.id,
    taughtAnswerId,
    testSessionId,
    whatsapp,
    checkouts: { approved, pending },
  };
}

export async function startSandboxCheckout(ctx: TestContext, user: TestUser, plan: string): Promise<string> {
  const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan } });
  expect(res.status).toBe(200);
  const { init_point } = (await res.json()) as { init_point: string };
  const id = new RegExp(`^${ORIGIN}/sandbox-checkout/([0-9a-f]+)$`).exec(init_point)?.[1];
  expect(id).toBeDefined();
  return id!;
}

/** Values that identify the tenant: none may ever appear in another account's responses. */
export function identifyingStrings(t: Tenant): string[] {
  return [
    t.marker,
    t.user.id,
    t.user.email,
    t.agent.id,
    t.agent.webhookId,
    t.file.id,
    t.conversationId,
    t.taughtAnswerId,
    t.sessionId,
    t.testSessionId,
    t.whatsapp.phoneNumberId,
    t.whatsapp.metaToken,
    t.whatsapp.appSecret,
    t.checkouts.approved,
    t.checkouts.pending,
  ];
}

/** Every row of every table in the public schema that mentions one of the tenant's ids, as sorted JSON. */
export async function snapshotRows(ctx: TestContext, t: Tenant): Promise<Record<string, string[]>> {
  const ids = [t.user.id, t.agent.id, t.conversationId, t.taughtAnswerId, t.file.id, t.checkouts.approved, t.checkouts.pending];
  const tables = await rows<{ name: string }>(
    ctx,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const all = await rows<{ j: string }>(ctx, sql`select to_jsonb(t)::text as j from ${sql.identifier(name)} t`);
    const mine = all.map((r) => r.j).filter((j) => ids.some((id) => j.includes(id)));
    if (mine.length > 0) snapshot[name] = mine.sort();
  }
  return snapshot;
}

/** Waits until the job queue has nothing left to do (ingestion and indexing settle before a snapshot). */
export async function waitForIdleJobs(ctx: TestContext): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`);
      expect(row!.n).toBe(0);
    },
    { timeout: 30_000, interval: 200 },
  );
}

async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
