import { plans } from '@atende/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agents, knowledgeBases, passages, profiles, user } from '../src/db/schema';
import { createLogger } from '../src/logger';
import { bootstrapSupportAgent } from '../src/support/bootstrap';
import { SUPPORT_AGENT_ID, SUPPORT_AGENT_NAME, SUPPORT_WEBHOOK_ID } from '../src/support/support-agent';
import { SYSTEM_EMAIL, SYSTEM_USER_ID } from '../src/support/system-account';
import { chatOutput, createAgent } from './helpers/agents';
import { createTestContext, createUser, type TestContext } from './helpers/context';

let ctx: TestContext;
const enqueueKnowledge = vi.fn(async (_agentId: string) => {});
const bootstrap = () => bootstrapSupportAgent({ db: ctx.database.db, ingestion: { enqueueKnowledge }, logger: createLogger(ctx.config) });

beforeAll(async () => {
  ctx = await createTestContext();
  await bootstrap();
});
afterAll(async () => {
  await ctx.close();
});

const rowCount = async (table: typeof user | typeof agents | typeof passages, where: ReturnType<typeof eq>) =>
  (await ctx.database.db.select({ n: count() }).from(table).where(where))[0]!.n;

describe('the support agent bootstrap', () => {
  it('is idempotent: one system account, one agent, the same knowledge after a second start', async () => {
    const before = await ctx.database.db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, SUPPORT_AGENT_ID));
    const passagesBefore = await rowCount(passages, eq(passages.agentId, SUPPORT_AGENT_ID));
    await bootstrap();

    expect(await rowCount(user, eq(user.email, SYSTEM_EMAIL))).toBe(1);
    expect(await rowCount(agents, eq(agents.userId, SYSTEM_USER_ID))).toBe(1);
    expect(await rowCount(passages, eq(passages.agentId, SUPPORT_AGENT_ID))).toBe(passagesBefore);
    expect(passagesBefore).toBeGreaterThan(0);
    const after = await ctx.database.db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, SUPPORT_AGENT_ID));
    expect(after).toEqual(before);

    const [agent] = await ctx.database.db.select().from(agents).where(eq(agents.id, SUPPORT_AGENT_ID));
    expect(agent).toMatchObject({ name: SUPPORT_AGENT_NAME, webhookId: SUPPORT_WEBHOOK_ID, active: true });
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, SYSTEM_USER_ID));
    expect(profile?.plan).toBe('enterprise');
    expect(enqueueKnowledge).toHaveBeenCalledWith(SUPPORT_AGENT_ID);
  });

  it('re-syncs stale knowledge (a price change reaches the agent at the next start)', async () => {
    await ctx.database.db.update(knowledgeBases).set({ about: 'O plano Pro custa R$1 por mês.' }).where(eq(knowledgeBases.agentId, SUPPORT_AGENT_ID));
    await bootstrap();
    const [kb] = await ctx.database.db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, SUPPORT_AGENT_ID));
    expect(kb?.about).toContain(`O plano Pro custa R$${plans.pro.priceBrl} por mês.`);
    expect(kb?.about).not.toContain('R$1 por mês');
  });
});

describe('the system account', () => {
  it('cannot sign in, not even after someone signs up with its e-mail', async () => {
    const signIn = (password: string) =>
      ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: SYSTEM_EMAIL, password } });
    expect((await signIn('qualquer-senha-123')).status).toBe(401);

    await ctx.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: SYSTEM_EMAIL, password: 'tentativa-de-invasao', name: 'Intruso', company: 'X', phone: '11999999999' },
    });
    expect((await signIn('tentativa-de-invasao')).status).toBe(401);
    expect(await rowCount(user, eq(user.email, SYSTEM_EMAIL))).toBe(1);
  });
});

describe('the support agent', () => {
  it('answers the Pro price in offline mode', async () => {
    expect(ctx.services.responder.mode).toBe('offline');
    const output = await chatOutput(ctx, SUPPORT_WEBHOOK_ID, 'quanto custa o plano Pro?');
    expect(output).toContain('O plano Pro custa R$289 por mês.');
    expect(await chatOutput(ctx, SUPPORT_WEBHOOK_ID, 'Quanto custa o plano Essencial?')).toContain('R$149');
    expect(await chatOutput(ctx, SUPPORT_WEBHOOK_ID, 'Quais tipos de arquivo posso enviar?')).toContain('PDF, TXT, CSV, DOC, DOCX, XLS e XLSX');
  });

  it('is not listed by any user and does not count in their plan', async () => {
    const merchant = await createUser(ctx);
    await createAgent(ctx, merchant);
    const res = await ctx.request('/api/agents', { token: merchant.token });
    const list = (await res.json()) as { agents: Array<{ id: string }>; usage: { agentsUsed: number } };
    expect(list.agents.map((a) => a.id)).not.toContain(SUPPORT_AGENT_ID);
    expect(list.usage.agentsUsed).toBe(1);
    expect((await ctx.request(`/api/agents/${SUPPORT_AGENT_ID}`, { token: merchant.token })).status).toBe(404);
    expect((await ctx.request(`/api/agents/${SUPPORT_AGENT_ID}/conversations`, { token: merchant.token })).status).toBe(404);
  });

  it('is published by GET /api/public-config, with no secret', async () => {
    const res = await ctx.request('/api/public-config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ blogUrl: 'https://blog.atende.app', videoUrl: null, supportWebhookId: SUPPORT_WEBHOOK_ID });
  });
});

describe('GET /api/public-config', () => {
  it('serves the configured blog and the video as an embeddable player URL; no support agent before the bootstrap', async () => {
    const other = await createTestContext({
      env: { PUBLIC_BLOG_URL: 'https://tutoriais.example.com/', PUBLIC_VIDEO_URL: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    try {
      const body = await (await other.request('/api/public-config')).json();
      expect(body).toEqual({
        blogUrl: 'https://tutoriais.example.com/',
        videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        supportWebhookId: null,
      });
    } finally {
      await other.close();
    }
  });
});
