/**
 * Public chat sessions are secrets (issue 13, item 1; ADR 0011). One browser
 * used to keep a single chat_session_id for every merchant: merchant B saw it
 * in its own Conversas list and could read, and post into, the customer's
 * conversation with merchant A. Integrators' ids (a phone, an e-mail) could be
 * guessed. Here: the database and the dashboards never hold the id, whatever
 * a dashboard shows grants nothing, guessable ids are refused, history reads
 * are rate limited and the secret never travels in a URL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Conversation, ConversationSummary } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSessionKeys } from '../../src/chat/session-keys';
import { rekeyLegacyWebSessions } from '../../src/channels/web/session-migration';
import { chat, chatHistory, createAgent, createUserWithAgent } from '../helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from '../helpers/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const secretId = () => randomBytes(16).toString('hex');

const history = chatHistory;

async function historyTexts(c: TestContext, webhookId: string, sessionId: string): Promise<string[]> {
  const res = await history(c, webhookId, sessionId);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { messages: Array<{ content: string }> }).messages.map((m) => m.content);
}

async function say(c: TestContext, webhookId: string, message: string, sessionId: string) {
  const res = await chat(c, webhookId, message, sessionId);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function dashboard(user: TestUser, agentId: string) {
  const list = await ctx.request(`/api/agents/${agentId}/conversations`, { token: user.token });
  expect(list.status).toBe(200);
  const listText = await list.text();
  const { conversations } = JSON.parse(listText) as { conversations: ConversationSummary[] };
  const details = await Promise.all(
    conversations.map(async (c) => (await ctx.request(`/api/agents/${agentId}/conversations/${c.id}`, { token: user.token })).text()),
  );
  return { conversations, texts: [listText, ...details] };
}

/** Every string value anywhere in a JSON document. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('one browser, two merchants', () => {
  it("merchant B's dashboard shows nothing that opens the customer's conversation with A", async () => {
    const a = await createUserWithAgent(ctx, 'Loja A');
    const b = await createUserWithAgent(ctx, 'Loja B');
    // The worst case the old page produced: the very same id with both merchants.
    const shared = randomUUID();
    await say(ctx, a.agent.webhookId, 'Meu CPF é 123.456.789-00 e o pedido é 555', shared);
    await say(ctx, b.agent.webhookId, 'Oi, loja B', shared);

    const seenByB = await dashboard(b.user, b.agent.id);
    expect(seenByB.conversations).toHaveLength(1);
    expect(seenByB.conversations[0]!.customerLabel).toMatch(/^Visitante [0-9A-F]{6}$/);
    for (const text of seenByB.texts) expect(text).not.toContain(shared);
    expect(seenByB.conversations[0]).not.toHaveProperty('sessionId');

    // Try every value B's dashboard shows, and its label without the prefix, as a session id on A.
    const values = new Set(seenByB.texts.flatMap((t) => stringsOf(JSON.parse(t))));
    values.add(seenByB.conversations[0]!.customerLabel.replace('Visitante ', ''));
    for (const value of values) {
      const res = await history(ctx, a.agent.webhookId, value);
      const text = await res.text();
      expect(text, `history with "${value}"`).not.toContain('CPF');
      expect(text).not.toContain('555');
    }
    // The holder of the secret still has the whole conversation.
    const own = await historyTexts(ctx, a.agent.webhookId, shared);
    expect(own).toHaveLength(2);
    expect(own[0]).toBe('Meu CPF é 123.456.789-00 e o pedido é 555');
  });

  it('the same id with two agents names two unrelated conversations, with two different labels', async () => {
    const owner = await createUser(ctx);
    const first = await createAgent(ctx, owner, 'Primeiro');
    const sharedId = secretId();
    await say(ctx, first.webhookId, 'para o primeiro', sharedId);
    const other = await createUserWithAgent(ctx, 'Segundo');
    await say(ctx, other.agent.webhookId, 'para o segundo', sharedId);
    const firstTexts = await historyTexts(ctx, first.webhookId, sharedId);
    const secondTexts = await historyTexts(ctx, other.agent.webhookId, sharedId);
    expect([firstTexts.length, firstTexts[0]]).toEqual([2, 'para o primeiro']);
    expect([secondTexts.length, secondTexts[0]]).toEqual([2, 'para o segundo']);
    const [labelA] = (await dashboard(owner, first.id)).conversations.map((c) => c.customerLabel);
    const [labelB] = (await dashboard(other.user, other.agent.id)).conversations.map((c) => c.customerLabel);
    expect(labelA).not.toBe(labelB);
  });

  it('the database never holds the id a visitor sent, only a keyed hash of it', async () => {
    const { agent } = await createUserWithAgent(ctx);
    const id = secretId();
    await say(ctx, agent.webhookId, 'guardado como?', id);
    const rows = (await ctx.database.db.execute(sql`select to_jsonb(c)::text as j from conversations c where agent_id = ${agent.id}`)) as unknown as {
      rows: Array<{ j: string }>;
    };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.j).not.toContain(id);
    // Not a plain (unkeyed) digest either: computing it needs the server's secret.
    const { createHash } = await import('node:crypto');
    for (const input of [id, `${agent.id}:${id}`, `${agent.id}\n${id}`]) {
      expect(rows.rows[0]!.j).not.toContain(createHash('sha256').update(input).digest('hex'));
    }
  });
});

describe('guessable session ids', () => {
  const weak = ['5511988887777', '+55 11 98888-7777', 'maria.souza@example.com', 'cliente-1', 'sessao-teste-1', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'abcdefgabcdefgabcdefgabcdefg', '12345678901234567890123456789012'];

  it('are refused for messages and history, with a message that says what to send instead', async () => {
    const { agent } = await createUserWithAgent(ctx);
    for (const id of weak) {
      const res = await chat(ctx, agent.webhookId, 'Oi', id);
      expect(res.status, id).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string; details?: Record<string, string[]> } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toMatch(/sessionId/);
      expect(body.error.details?.sessionId?.[0]).toMatch(/aleatório/);
      expect((await history(ctx, agent.webhookId, id)).status, id).toBe(400);
    }
  });

  it('random ids in every common shape are accepted', async () => {
    const { agent } = await createUserWithAgent(ctx);
    const shapes = [
      randomUUID(),
      randomBytes(16).toString('hex'),
      randomBytes(16).toString('base64url'),
      randomBytes(24).toString('base64url'),
      `pedido-${randomBytes(16).toString('base64url')}`,
    ];
    for (const id of shapes) expect((await chat(ctx, agent.webhookId, 'Oi', id)).status, id).toBe(200);
  });
});

describe('history', () => {
  it('is not served from a URL that carries the secret (logs and proxies keep URLs)', async () => {
    const { agent } = await createUserWithAgent(ctx);
    const id = secretId();
    await say(ctx, agent.webhookId, 'não me mostre em logs', id);
    const res = await ctx.app.request(`/webhook/${agent.webhookId}/sessions/${id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('não me mostre');
  });

  it('reads are rate limited per IP and per session like messages, with Retry-After', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      limits: {
        auth: { signInFailures: { limit: 1e6, windowMs: 60_000 }, signUps: { limit: 1e6, windowMs: 60_000 } },
        chat: { perIp: { limit: 5, windowMs: 60_000 }, perSession: { limit: 1e6, windowMs: 60_000 } },
      },
    });
    try {
      const { agent } = await createUserWithAgent(limited);
      // An enumeration of ids from one address stops after the limit, whatever the ids.
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await history(limited, agent.webhookId, secretId())).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const blocked = await history(limited, agent.webhookId, secretId());
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Messages and reads share the budget: a flood of reads cannot be followed by a flood of messages.
      expect((await chat(limited, agent.webhookId, 'Oi', secretId())).status).toBe(429);
    } finally {
      await limited.close();
    }

    const perSession = await createTestContext({
      database: ctx.database,
      limits: {
        auth: { signInFailures: { limit: 1e6, windowMs: 60_000 }, signUps: { limit: 1e6, windowMs: 60_000 } },
        chat: { perIp: { limit: 1e6, windowMs: 60_000 }, perSession: { limit: 2, windowMs: 60_000 } },
      },
    });
    try {
      const { agent } = await createUserWithAgent(perSession);
      const id = secretId();
      expect((await history(perSession, agent.webhookId, id)).status).toBe(200);
      expect((await history(perSession, agent.webhookId, id)).status).toBe(200);
      expect((await history(perSession, agent.webhookId, id)).status).toBe(429);
      expect((await history(perSession, agent.webhookId, secretId())).status).toBe(200);
    } finally {
      await perSession.close();
    }
  });
});

describe('conversations stored before the change', () => {
  it('keep working for their own client; an id seen by two accounts opens nothing any more', async () => {
    const a = await createUserWithAgent(ctx, 'Antes A');
    const b = await createUserWithAgent(ctx, 'Antes B');
    const own = randomUUID();
    const sharedAcrossAccounts = randomUUID();
    const integratorShort = 'cliente-42';
    // Rows as the previous release wrote them: the raw id in session_id.
    const legacy = async (agentId: string, userId: string, sessionId: string, text: string) => {
      const id = randomUUID();
      await ctx.database.db.execute(sql`
        insert into conversations (id, agent_id, user_id, channel, session_id, message_count, last_message)
        values (${id}, ${agentId}, ${userId}, 'web', ${sessionId}, 1, ${text})`);
      await ctx.database.db.execute(sql`insert into messages (id, conversation_id, role, content) values (${randomUUID()}, ${id}, 'user', ${text})`);
      return id;
    };
    await legacy(a.agent.id, a.user.id, own, 'conversa antiga de A');
    await legacy(a.agent.id, a.user.id, sharedAcrossAccounts, 'segredo de A');
    await legacy(b.agent.id, b.user.id, sharedAcrossAccounts, 'conversa em B');
    await legacy(a.agent.id, a.user.id, integratorShort, 'integrador');
    const whatsapp = await ctx.database.db.execute(sql`
      insert into conversations (id, agent_id, user_id, channel, session_id, message_count)
      values (${randomUUID()}, ${a.agent.id}, ${a.user.id}, 'whatsapp', '5511977776666', 0) returning id`);

    const result = await rekeyLegacyWebSessions(ctx.database.db, webSessionKeys(ctx.config));
    // Only the UUID used with one account keeps working; the shared one and the guessable one are retired.
    expect(result).toMatchObject({ rekeyed: 1, retired: 3 });
    // Idempotent: a second start-up finds nothing to do.
    expect(await rekeyLegacyWebSessions(ctx.database.db, webSessionKeys(ctx.config))).toMatchObject({ rekeyed: 0, retired: 0 });

    // The visitor (or integrator) holding its own UUID carries on where it stopped.
    expect(await historyTexts(ctx, a.agent.webhookId, own)).toEqual(['conversa antiga de A']);
    await say(ctx, a.agent.webhookId, 'continuo aqui', own);
    const seenByA = await dashboard(a.user, a.agent.id);
    expect((await historyTexts(ctx, a.agent.webhookId, own)).slice(0, 2)).toEqual(['conversa antiga de A', 'continuo aqui']);
    expect(seenByA.conversations.filter((c) => c.channel === 'web')).toHaveLength(3);
    // An id that two accounts' dashboards showed is retired: neither can open the other's conversation.
    expect(await historyTexts(ctx, a.agent.webhookId, sharedAcrossAccounts)).toEqual([]);
    expect(await historyTexts(ctx, b.agent.webhookId, sharedAcrossAccounts)).toEqual([]);
    // The transcripts stay in the dashboards, under a label; no raw id survives anywhere in the table.
    expect(seenByA.conversations.map((c) => c.lastMessage)).toEqual(expect.arrayContaining(['segredo de A', 'integrador']));
    const all = (await ctx.database.db.execute(sql`select session_id from conversations where channel = 'web'`)) as unknown as { rows: Array<{ session_id: string }> };
    for (const raw of [own, sharedAcrossAccounts, integratorShort]) expect(all.rows.some((r) => r.session_id.includes(raw))).toBe(false);
    // WhatsApp conversations are keyed by the customer's number, which is not a secret, and stay as they were.
    const wa = (await ctx.database.db.execute(sql`select session_id from conversations where id = ${(whatsapp as unknown as { rows: Array<{ id: string }> }).rows[0]!.id}`)) as unknown as {
      rows: Array<{ session_id: string }>;
    };
    expect(wa.rows[0]!.session_id).toBe('5511977776666');
    const waSummary = seenByA.conversations.find((c) => c.channel === 'whatsapp');
    expect(waSummary?.customerLabel).toBe('+5511977776666');
  });
});

describe('the conversation view', () => {
  it('shows the same label in the list and in the transcript', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await say(ctx, agent.webhookId, 'Oi', secretId());
    const { conversations } = await dashboard(user, agent.id);
    const detail = (await (await ctx.request(`/api/agents/${agent.id}/conversations/${conversations[0]!.id}`, { token: user.token })).json()) as Conversation;
    expect(detail.customerLabel).toMatch(/^Visitante [0-9A-F]{6}$/);
    expect(detail.customerLabel).toBe(conversations[0]!.customerLabel);
  });
});
