import { chatWebhookId, STORAGE_NODE_NAME, type Agent, type AgentList, type WorkflowDocument } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, conversations, passages } from '../src/db/schema';
import { chatOutput, createAgent, setPlan } from './helpers/agents';
import { createTestContext, createUser, type TestContext } from './helpers/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('agents', () => {
  it('creates an active agent with a default Portuguese personality naming the company', async () => {
    const u = await createUser(ctx, { company: 'Ótica Visão' });
    const agent = await createAgent(ctx, u, '  Assistente da Ótica  ');
    expect(agent).toMatchObject({ name: 'Assistente da Ótica', active: true, lastError: null });
    expect(agent.systemMessage).toContain('Ótica Visão');
    expect(agent.systemMessage).toMatch(/Você é o assistente virtual/);
    expect(agent.webhookUrl).toBe(`http://localhost:3000/webhook/${agent.webhookId}`);
    expect(agent.publicChatUrl).toBe(`http://localhost:3000/public-chat/${agent.webhookId}`);
    expect(chatWebhookId(agent.nodes)).toBe(agent.webhookId);

    const list = (await (await ctx.request('/api/agents', { token: u.token })).json()) as AgentList;
    expect(list.agents.map((a) => a.id)).toEqual([agent.id]);
    expect(list.plan).toEqual({ id: 'free', name: 'Gratuito' });
    expect(list.usage).toMatchObject({ agentsUsed: 1, agentsLimit: 1, messagesUsed: 0, messagesQuota: 100 });
  });

  it('rejects an empty name', async () => {
    const u = await createUser(ctx);
    const res = await ctx.request('/api/agents', { method: 'POST', token: u.token, json: { name: '   ' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it("enforces the plan's agent limit on the server, also under concurrent requests", async () => {
    const u = await createUser(ctx);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ctx.request('/api/agents', { method: 'POST', token: u.token, json: { name: `Agente ${i}` } })),
    );
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = attempts.find((r) => r.status === 403)!;
    expect(await refused.json()).toMatchObject({
      error: { code: 'PLAN_LIMIT_REACHED', userMessage: expect.stringContaining('Atualize seu plano') },
    });

    await setPlan(ctx, u, 'essencial');
    await createAgent(ctx, u, 'Segundo');
    expect((await ctx.request('/api/agents', { method: 'POST', token: u.token, json: { name: 'Terceiro' } })).status).toBe(403);

    await setPlan(ctx, u, 'enterprise');
    for (let i = 0; i < 4; i++) await createAgent(ctx, u, `Enterprise ${i}`);
    const list = (await (await ctx.request('/api/agents', { token: u.token })).json()) as AgentList;
    expect(list.usage).toMatchObject({ agentsUsed: 6, agentsLimit: null, messagesQuota: null });

    await setPlan(ctx, u, 'plano-que-nao-existe');
    const unknown = (await (await ctx.request('/api/agents', { token: u.token })).json()) as AgentList;
    expect(unknown.plan.id).toBe('free');
  });

  it('never lets more agents be active than the plan allows (e.g. after a downgrade)', async () => {
    const u = await createUser(ctx);
    await setPlan(ctx, u, 'essencial');
    const first = await createAgent(ctx, u, 'Primeiro');
    const second = await createAgent(ctx, u, 'Segundo');
    await setPlan(ctx, u, 'free');
    const patch = (id: string, active: boolean) => ctx.request(`/api/agents/${id}`, { method: 'PATCH', token: u.token, json: { active } });
    // Both are still active from before the downgrade: deactivate one, then it cannot come back.
    expect((await patch(second.id, false)).status).toBe(200);
    const refused = await patch(second.id, true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'PLAN_LIMIT_REACHED', userMessage: expect.stringContaining('agente ativo') } });
    // Re-activating the one that is already active is fine, and swapping works.
    expect((await patch(first.id, true)).status).toBe(200);
    expect((await patch(first.id, false)).status).toBe(200);
    expect((await patch(second.id, true)).status).toBe(200);
  });

  it('updates the personality (trimmed, required) and the active flag', async () => {
    const u = await createUser(ctx);
    const agent = await createAgent(ctx, u);
    const patch = (json: unknown) => ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: u.token, json });

    const updated = (await (await patch({ systemMessage: '  Seja objetivo.  ' })).json()) as Agent;
    expect(updated.systemMessage).toBe('Seja objetivo.');
    const doc = (await (await ctx.request(`/api/agents/${agent.id}/workflow`, { token: u.token })).json()) as WorkflowDocument;
    expect(doc.nodes.find((n) => n.type.endsWith('.agent'))?.parameters.options).toMatchObject({ systemMessage: 'Seja objetivo.' });

    const empty = await patch({ systemMessage: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { details: { systemMessage: ['System message is required'] } } });

    expect(((await (await patch({ active: false })).json()) as Agent).active).toBe(false);
    expect((await ctx.app.request(`/webhook/${agent.webhookId}`)).status).toBe(404);
    expect(((await (await patch({ active: true })).json()) as Agent).active).toBe(true);
    expect((await ctx.app.request(`/webhook/${agent.webhookId}`)).status).toBe(200);
  });

  it('serves an n8n-compatible workflow document mirroring the template', async () => {
    const u = await createUser(ctx);
    const agent = await createAgent(ctx, u, 'Loja');
    const doc = (await (await ctx.request(`/api/agents/${agent.id}/workflow`, { token: u.token })).json()) as WorkflowDocument;
    expect(Object.keys(doc).sort()).toEqual(['connections', 'name', 'nodes', 'settings']);
    expect(doc.name).toBe('Loja');
    const names = doc.nodes.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(doc.nodes.map((n) => n.id)).size).toBe(names.length);
    for (const [from, outputs] of Object.entries(doc.connections)) {
      expect(names).toContain(from);
      for (const targets of Object.values(outputs)) for (const t of targets.flat()) expect(names).toContain(t.node);
    }
    const storage = doc.nodes.find((n) => n.name === STORAGE_NODE_NAME)!;
    expect(storage.parameters.path).toBe(`upload-archive-${agent.id}`);
    expect(storage.webhookId).toBeTruthy();
    expect(chatWebhookId(doc.nodes)).toBe(agent.webhookId);
    expect(doc.nodes.find((n) => n.type.endsWith('memoryBufferWindow'))?.parameters.contextWindowLength).toBe(15);
    expect(doc.nodes.find((n) => n.parameters.mode === 'retrieve-as-tool')?.parameters.topK).toBe(8);
    expect(doc.nodes.some((n) => n.type.endsWith('toolCalculator'))).toBe(true);
    expect(doc.nodes.some((n) => n.type === 'n8n-nodes-base.respondToWebhook')).toBe(true);
  });

  it("answers 404 for another user's agent on every endpoint and changes nothing", async () => {
    const owner = await createUser(ctx);
    const intruder = await createUser(ctx);
    const agent = await createAgent(ctx, owner, 'Privado');
    const base = `/api/agents/${agent.id}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base],
      ['PATCH', base, { name: 'Invadido', active: false, systemMessage: 'x' }],
      ['DELETE', base],
      ['GET', `${base}/workflow`],
      ['GET', `${base}/knowledge`],
      ['PUT', `${base}/knowledge`, { companyName: 'x', about: 'x', links: '' }],
      ['GET', `${base}/conversations`],
      ['GET', `${base}/conversations/qualquer`],
    ];
    for (const [method, path, json] of calls) {
      const res = await ctx.request(path, { method, token: intruder.token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      const anonymous = await ctx.request(path, { method, json });
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
    const list = (await (await ctx.request('/api/agents', { token: intruder.token })).json()) as AgentList;
    expect(list.agents).toEqual([]);
    const [row] = await ctx.database.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row).toMatchObject({ name: 'Privado', active: true });
  });

  it('delete removes the agent and everything it owns', async () => {
    const u = await createUser(ctx);
    const agent = await createAgent(ctx, u);
    await ctx.request(`/api/agents/${agent.id}/knowledge`, {
      method: 'PUT',
      token: u.token,
      json: { companyName: 'Loja', about: 'Vendemos bicicletas.', links: '' },
    });
    await chatOutput(ctx, agent.webhookId, 'Olá');
    const res = await ctx.request(`/api/agents/${agent.id}`, { method: 'DELETE', token: u.token });
    expect(res.status).toBe(204);
    expect(await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id))).toEqual([]);
    expect(await ctx.database.db.select().from(passages).where(eq(passages.agentId, agent.id))).toEqual([]);
    expect((await ctx.request(`/api/agents/${agent.id}`, { token: u.token })).status).toBe(404);
    expect((await ctx.app.request(`/webhook/${agent.webhookId}`)).status).toBe(404);
  });
});
