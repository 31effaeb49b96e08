import type { Conversation, ListedConversation } from '@atende/shared';
import { MEMORY_WINDOW, quotaMonth, TRANSCRIPT_PAGE } from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echoReply, startFakeOpenAI, type FakeOpenAI } from '../../../e2e/fakes';
import { appendAssistantMessage, beginTurn } from '../src/chat/conversations';
import { QUOTA_NOTICE } from '../src/chat/runtime';
import { AnswerWrites } from '../src/chat/answer-writes';
import { TurnWindows } from '../src/chat/turn-windows';
import { conversations, messages, usageCounters } from '../src/db/schema';
import { chat, chatHistory, chatOutput, createAgent, createUserWithAgent, outcomes, parseSse, transcript, visitor } from './helpers/agents';
import { createTestContext, createUser, type TestContext } from './helpers/context';

let llm: FakeOpenAI;
let ctx: TestContext;

beforeAll(async () => {
  llm = await startFakeOpenAI();
  ctx = await createTestContext({
    env: { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: llm.baseUrl, CHAT_MODEL: 'fake-model' },
    limits: {
      auth: { signInFailures: { limit: 1e6, windowMs: 60_000 }, signUps: { limit: 1e6, windowMs: 60_000 } },
      chat: { perIp: { limit: 1e6, windowMs: 60_000 }, perSession: { limit: 1e6, windowMs: 60_000 } },
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});
afterEach(() => {
  llm.mode = 'normal';
  llm.requests.length = 0;
});

const newAgent = () => createUserWithAgent(ctx);
const storedMessages = (agentId: string) => transcript(ctx, agentId);

describe('POST /webhook/{webhookId} with an LLM', () => {
  it('answers {output}, with the personality as system prompt, and stores both messages', async () => {
    const { agent } = await newAgent();
    const output = await chatOutput(ctx, agent.webhookId, 'Vocês abrem aos domingos?');
    expect(output).toBe('Você disse: Vocês abrem aos domingos?');
    const sent = llm.requests[0]!;
    expect(sent.model).toBe('fake-model');
    expect(sent.messages[0]).toMatchObject({ role: 'system' });
    expect(sent.messages[0]!.content).toContain(agent.systemMessage);
    expect(await storedMessages(agent.id)).toEqual([
      { role: 'user', content: 'Vocês abrem aos domingos?' },
      { role: 'assistant', content: output },
    ]);
  });

  it('keeps a memory window of the last 15 exchanges (30 messages) per session', async () => {
    const { agent } = await newAgent();
    for (let i = 1; i <= 17; i++) await chatOutput(ctx, agent.webhookId, `mensagem ${i}`, visitor('sessao-memoria'));
    await chatOutput(ctx, agent.webhookId, 'outra sessão', visitor('sessao-diferente'));
    llm.requests.length = 0;
    await chatOutput(ctx, agent.webhookId, 'mensagem 18', visitor('sessao-memoria'));
    const convo = llm.requests[0]!.messages.filter((m) => m.role !== 'system');
    expect(convo).toHaveLength(31); // 15 earlier exchanges + the new message
    expect(convo[0]).toMatchObject({ role: 'user', content: 'mensagem 3' });
    expect(convo[1]).toMatchObject({ role: 'assistant', content: 'Você disse: mensagem 3' });
    expect(convo.at(-1)).toMatchObject({ role: 'user', content: 'mensagem 18' });
    expect(convo.some((m) => m.content === 'outra sessão')).toBe(false);
  });

  it('gives the model a message written to the conversation between two turns (the window kept from the last turn is not used)', async () => {
    const { agent } = await newAgent();
    const session = visitor('sessao-aviso');
    await chatOutput(ctx, agent.webhookId, 'primeira', session);
    const [convo] = await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id));
    await appendAssistantMessage(ctx.database.db, convo!.id, 'A equipe volta às 8h.', 'notice');
    llm.requests.length = 0;
    await chatOutput(ctx, agent.webhookId, 'segunda', session);
    expect(llm.requests[0]!.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'primeira',
      'Você disse: primeira',
      'A equipe volta às 8h.',
      'segunda',
    ]);
  });

  it('runs the calculator tool round trip', async () => {
    const { agent } = await newAgent();
    const output = await chatOutput(ctx, agent.webhookId, 'Quanto é 12 * 7 + 3?');
    expect(output).toBe('O resultado é 87.');
    expect(llm.requests).toHaveLength(2);
    const toolMessage = llm.requests[1]!.messages.find((m) => m.role === 'tool');
    expect(JSON.parse(String(toolMessage?.content))).toMatchObject({ result: 87 });
  });

  it("stores what each answer did; the model's no-answer marker makes it 'unanswered' and never reaches the customer", async () => {
    const { agent } = await newAgent();
    await chatOutput(ctx, agent.webhookId, 'Vocês abrem aos domingos?');
    await chatOutput(ctx, agent.webhookId, 'Quanto é 12 * 7 + 3?');
    await chatOutput(ctx, agent.webhookId, 'Bom dia!');
    llm.reply = () => '[SEM_RESPOSTA] Desculpe, não encontrei essa informação. Posso ajudar com outra coisa?';
    try {
      expect(await chatOutput(ctx, agent.webhookId, 'Vocês vendem pneus?')).toBe('Desculpe, não encontrei essa informação. Posso ajudar com outra coisa?');
      const res = await chat(ctx, agent.webhookId, 'E pneus de bicicleta?', visitor('sessao-sse-marcador'), { accept: 'text/event-stream' });
      const events = parseSse(await res.text());
      const streamed = events.filter((e) => e.event === 'token').map((e) => (e.data as { delta: string }).delta).join('');
      expect(streamed).toBe('Desculpe, não encontrei essa informação. Posso ajudar com outra coisa?');
      expect(events.at(-1)).toEqual({ event: 'done', data: { output: streamed } });
    } finally {
      llm.reply = echoReply;
    }
    expect(await outcomes(ctx, agent.id)).toEqual(['answered', 'calculation', 'small_talk', 'unanswered', 'unanswered']);
    expect(llm.requests[0]!.messages[0]!.content).toContain('[SEM_RESPOSTA]');
    const stored = await storedMessages(agent.id);
    expect(stored.some((m) => /SEM_RESPOSTA/.test(m.content))).toBe(false);
  });

  it('streams tokens over SSE when asked', async () => {
    const { agent } = await newAgent();
    const res = await chat(ctx, agent.webhookId, 'uma resposta longa por favor', visitor('sessao-sse'), { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events = parseSse(await res.text());
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(2);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const full = (done.data as { output: string }).output;
    expect(full).toBe('Você disse: uma resposta longa por favor');
    expect(tokens.map((t) => (t.data as { delta: string }).delta).join('')).toBe(full);
  });
});

describe('memory window', () => {
  it('holds the messages before this one, oldest first, the last MEMORY_WINDOW exchanges, the team speaking as the agent', async () => {
    const { user, agent } = await newAgent();
    const key = { agentId: agent.id, userId: user.id, channel: 'web' as const, sessionId: visitor('sessao-janela') };
    const quota = { month: quotaMonth(), limit: null };
    const first = await beginTurn(ctx.database.db, key, 'pergunta 0', quota);
    expect(first.history).toEqual([]);
    await ctx.database.db.insert(messages).values({ id: crypto.randomUUID(), conversationId: first.conversationId, role: 'team', content: 'Aqui é a Maria' });
    const expected: Array<{ role: string; content: string }> = [
      { role: 'user', content: 'pergunta 0' },
      { role: 'assistant', content: 'Aqui é a Maria' },
    ];
    for (let i = 1; i <= MEMORY_WINDOW; i++) {
      const turn = await beginTurn(ctx.database.db, key, `pergunta ${i}`, quota);
      expect(turn.history).toEqual(expected.slice(-MEMORY_WINDOW * 2));
      await appendAssistantMessage(ctx.database.db, turn.conversationId, `resposta ${i}`, 'answered');
      expected.push({ role: 'user', content: `pergunta ${i}` }, { role: 'assistant', content: `resposta ${i}` });
    }
    expect(expected.length).toBeGreaterThan(MEMORY_WINDOW * 2);
  });

  it('is the one kept from the previous turn while nothing else was written to the conversation, and read again otherwise', async () => {
    const { user, agent } = await newAgent();
    const session = visitor('sessao-guardada');
    const key = { agentId: agent.id, userId: user.id, channel: 'web' as const, sessionId: session };
    const quota = { month: quotaMonth(), limit: null };
    const db = ctx.database.db;
    const windows = new TurnWindows();
    const turn = async (message: string, answer: string) => {
      const start = await beginTurn(db, key, message, quota, null, { known: windows.get(agent.id, 'web', session) });
      if (!('conversationId' in start) || start.refused) throw new Error('turn refused');
      const stored = await appendAssistantMessage(db, start.conversationId, answer, 'answered');
      windows.answered(agent.id, 'web', session, { ...start, message }, { content: answer, messageCount: stored.messageCount });
      return start;
    };
    const first = await turn('p1', 'r1');
    expect(first.messageCount).toBe(1);
    const kept = windows.get(agent.id, 'web', session)!;
    expect(kept).toMatchObject({ conversationId: first.conversationId, messageCount: 2 });
    expect(kept.history).toEqual([
      { role: 'user', content: 'p1' },
      { role: 'assistant', content: 'r1' },
    ]);
    expect(Object.isFrozen(kept.history)).toBe(true);

    // Nothing else was written: the statement does not read the window, it hands back the kept one (a marker here).
    const marker = { ...kept, history: [{ role: 'user' as const, content: 'guardada' }] };
    const hit = await beginTurn(db, key, 'p2', quota, null, { known: marker });
    expect(hit).toMatchObject({ conversationId: first.conversationId, messageCount: 3 });
    if (!('history' in hit)) throw new Error('turn refused');
    expect(hit.history).toBe(marker.history);
    await appendAssistantMessage(db, first.conversationId, 'r2', 'answered');

    // A message written by anything else (the team, a notice, another instance) since: the window is read again.
    const stale = { conversationId: first.conversationId, messageCount: 4, history: marker.history };
    await appendAssistantMessage(db, first.conversationId, 'aviso', 'notice');
    const read = await beginTurn(db, key, 'p3', quota, null, { known: stale });
    if (!('history' in read)) throw new Error('turn refused');
    expect(read.history.map((m) => m.content)).toEqual(['p1', 'r1', 'p2', 'r2', 'aviso']);
    // Another conversation's window with the same count is not this one's.
    await appendAssistantMessage(db, first.conversationId, 'r3', 'answered');
    const other = await beginTurn(db, key, 'p4', quota, null, { known: { ...stale, conversationId: crypto.randomUUID(), messageCount: 6 } });
    if (!('history' in other)) throw new Error('turn refused');
    expect(other.history.map((m) => m.content)).toEqual(['p1', 'r1', 'p2', 'r2', 'aviso', 'p3', 'r3']);
  });
});

describe('answers written together (AnswerWrites)', () => {
  const conversationOf = async (agent: { id: string }, userId: string, session: string, message: string) => {
    const start = await beginTurn(ctx.database.db, { agentId: agent.id, userId, channel: 'web', sessionId: session }, message, { month: quotaMonth(), limit: null });
    if (!('conversationId' in start) || start.refused) throw new Error('turn refused');
    return start.conversationId;
  };

  it("stores concurrent answers in one statement, each with its conversation's count, in order, the last one as preview", async () => {
    const { user, agent } = await newAgent();
    const a = await conversationOf(agent, user.id, visitor('junto-a'), 'pa');
    const b = await conversationOf(agent, user.id, visitor('junto-b'), 'pb');
    const writes = new AnswerWrites(ctx.database.db);
    // The first goes alone at once; the four that come while it is in flight go together, two of them to `a`.
    const stored = await Promise.all([
      writes.write(a, 'a1', 'answered'),
      writes.write(b, 'b1', 'answered'),
      writes.write(a, 'a2', 'unanswered'),
      writes.write(b, 'b2', 'answered'),
      writes.write(a, 'a3', 'answered'),
    ]);
    expect(stored.map((s) => s.messageCount)).toEqual([2, 2, 3, 3, 4]);
    expect(new Set(stored.map((s) => s.id)).size).toBe(5);
    const rows = await ctx.database.db.select().from(messages).where(eq(messages.conversationId, a)).orderBy(messages.seq);
    expect(rows.map((m) => [m.role, m.content, m.outcome])).toEqual([
      ['user', 'pa', null],
      ['assistant', 'a1', 'answered'],
      ['assistant', 'a2', 'unanswered'],
      ['assistant', 'a3', 'answered'],
    ]);
    expect(rows.slice(1).map((m) => m.id)).toEqual([stored[0]!.id, stored[2]!.id, stored[4]!.id]);
    // One transaction for the four that waited (one now()), another for the first.
    const times = (await ctx.database.db.execute(
      sql`select id, created_at::text as at from messages where id in (${sql.join(stored.map((s) => sql`${s.id}`), sql`, `)})`,
    )) as unknown as { rows: Array<{ id: string; at: string }> };
    const at = new Map(times.rows.map((r) => [r.id, r.at]));
    expect(new Set(stored.slice(1).map((s) => at.get(s.id))).size).toBe(1);
    expect(at.get(stored[0]!.id)).not.toBe(at.get(stored[1]!.id));
    const summaries = await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id));
    expect(Object.fromEntries(summaries.map((c) => [c.id, [c.messageCount, c.lastMessage]]))).toEqual({ [a]: [4, 'a3'], [b]: [3, 'b2'] });
  });

  it('writes the others when one answer of a batch cannot be stored, and fails only that one', async () => {
    const { user, agent } = await newAgent();
    const a = await conversationOf(agent, user.id, visitor('junto-c'), 'pc');
    const writes = new AnswerWrites(ctx.database.db);
    const results = await Promise.allSettled([
      writes.write(a, 'c1', 'answered'),
      writes.write(a, 'c2', 'answered'),
      writes.write(crypto.randomUUID(), 'órfã', 'answered'), // no such conversation
      writes.write(a, 'c3', 'answered'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.messageCount : null))).toEqual([2, 3, null, 4]);
    expect((await transcript(ctx, agent.id)).map((m) => m.content)).toEqual(['pc', 'c1', 'c2', 'c3']);
  });
});

describe('idempotent turns', () => {
  it('a turn redone with the same channel message id stores and counts the message once, with the same memory', async () => {
    const { user, agent } = await newAgent();
    const key = { agentId: agent.id, userId: user.id, channel: 'whatsapp' as const, sessionId: '5511988887777' };
    const quota = { month: quotaMonth(), limit: 100 };
    await beginTurn(ctx.database.db, key, 'primeira', quota, 'wamid.A');
    const first = await beginTurn(ctx.database.db, key, 'segunda', quota, 'wamid.B');
    const again = await beginTurn(ctx.database.db, key, 'segunda', quota, 'wamid.B');
    // The redo is not counted again: the same turn, with no new count.
    expect(first.used).toBe(2);
    expect(first.noticed).toEqual({ level: 0, quota: null });
    expect(again).toEqual({ ...first, used: null, noticed: null, messageCount: null });
    expect(first.history).toEqual([{ role: 'user', content: 'primeira' }]);
    expect((await storedMessages(agent.id)).map((m) => m.content)).toEqual(['primeira', 'segunda']);
    const [usage] = await ctx.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect(usage!.messages).toBe(2);
    // Another session (or agent) with the same id is a different message.
    const other = await beginTurn(ctx.database.db, { ...key, sessionId: '5511977776666' }, 'segunda', quota, 'wamid.B');
    expect(other.conversationId).not.toBe(first.conversationId);
  });
});

describe('monthly quota', () => {
  it('answers a polite notice without calling the model once the quota is used up', async () => {
    const { user, agent } = await newAgent();
    await ctx.database.db.insert(usageCounters).values({ userId: user.id, month: quotaMonth(), messages: 100 });
    const output = await chatOutput(ctx, agent.webhookId, 'Olá?');
    expect(output).toBe(QUOTA_NOTICE);
    expect(llm.requests).toHaveLength(0);
    expect(await storedMessages(agent.id)).toEqual([
      { role: 'user', content: 'Olá?' },
      { role: 'assistant', content: QUOTA_NOTICE },
    ]);
    expect(await outcomes(ctx, agent.id)).toEqual(['notice']);
    const list = (await (await ctx.request('/api/agents', { token: user.token })).json()) as { usage: { messagesUsed: number } };
    expect(list.usage.messagesUsed).toBe(100);
  });

  it('never over-admits under a concurrent burst at the edge, across agents of the account', async () => {
    const { user, agent } = await newAgent();
    await ctx.database.db.insert(usageCounters).values({ userId: user.id, month: quotaMonth(), messages: 97 });
    const outputs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => chatOutput(ctx, agent.webhookId, `pergunta ${i}`, visitor(`sessao-rajada-${i}`))),
    );
    expect(outputs.filter((o) => o !== QUOTA_NOTICE)).toHaveLength(3);
    const [usage] = await ctx.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect(usage!.messages).toBe(100);
  });
});

describe('public chat endpoint', () => {
  it('answers the CORS preflight locally with 204 and a day of max-age', async () => {
    const { agent } = await newAgent();
    const res = await ctx.app.request(`/webhook/${agent.webhookId}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://loja.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('404s unknown and inactive agents with a clear message', async () => {
    const { user, agent } = await newAgent();
    const unknown = await chat(ctx, 'nao-existe', 'Oi');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: 'Chat service not available', userMessage: 'Este chat não está disponível no momento.' } });
    await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: false } });
    expect((await chat(ctx, agent.webhookId, 'Oi')).status).toBe(404);
  });

  it('validates the payload', async () => {
    const { agent } = await newAgent();
    for (const body of [{ message: '   ', sessionId: visitor('sessao-ok-1') }, { message: 'Oi' }, { message: 'Oi', sessionId: '5511988887777' }, { message: 'Oi', sessionId: '<script>' }, 'não é json']) {
      const res = await ctx.app.request(`/webhook/${agent.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.status).toBe(400);
    }
  });

  it('restores a session history and lists transcripts for the owner only', async () => {
    const { user, agent } = await newAgent();
    await chatOutput(ctx, agent.webhookId, 'Primeira', visitor('sessao-historico'));
    await chatOutput(ctx, agent.webhookId, 'Segunda', visitor('sessao-historico'));
    const history = (await (await chatHistory(ctx, agent.webhookId, visitor('sessao-historico'))).json()) as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(history.messages.map((m) => m.content)).toEqual(['Primeira', 'Você disse: Primeira', 'Segunda', 'Você disse: Segunda']);

    const list = (await (await ctx.request(`/api/agents/${agent.id}/conversations`, { token: user.token })).json()) as {
      conversations: ListedConversation[];
    };
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ customerLabel: expect.stringMatching(/^Visitante /), channel: 'web', messageCount: 4, lastMessage: 'Você disse: Segunda', lastMessageRole: 'assistant' });
    const convo = (await (
      await ctx.request(`/api/agents/${agent.id}/conversations/${list.conversations[0]!.id}`, { token: user.token })
    ).json()) as Conversation;
    expect(convo.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(convo.hasMore).toBe(false);

    const other = await createUser(ctx);
    const otherAgent = await createAgent(ctx, other);
    expect((await ctx.request(`/api/agents/${otherAgent.id}/conversations/${list.conversations[0]!.id}`, { token: other.token })).status).toBe(404);
  });

  it('restores the latest messages of a long session, oldest first', async () => {
    const { user, agent } = await newAgent();
    const session = visitor('sessao-longa');
    await chatOutput(ctx, agent.webhookId, 'mensagem 0', session);
    const [convo] = await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id));
    const key = { agentId: agent.id, userId: user.id, channel: 'web' as const, sessionId: convo!.sessionId };
    for (let i = 1; i <= TRANSCRIPT_PAGE / 2; i++) {
      await beginTurn(ctx.database.db, key, `mensagem ${i}`, null);
      await appendAssistantMessage(ctx.database.db, convo!.id, `resposta ${i}`, 'answered');
    }
    const history = (await (await chatHistory(ctx, agent.webhookId, session)).json()) as { messages: Array<{ content: string }> };
    expect(history.messages).toHaveLength(TRANSCRIPT_PAGE);
    expect(history.messages[0]!.content).toBe('mensagem 1');
    expect(history.messages.at(-1)!.content).toBe(`resposta ${TRANSCRIPT_PAGE / 2}`);
  });

  it('pages a long transcript: the latest messages oldest first, then the earlier ones before a message', async () => {
    const { user, agent } = await newAgent();
    await chatOutput(ctx, agent.webhookId, 'mensagem 0', visitor('sessao-paginas'));
    const [convo] = await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id));
    const extra = TRANSCRIPT_PAGE + 3;
    await ctx.database.db.insert(messages).values(
      Array.from({ length: extra }, (_, i) => ({ id: `pagina-${i + 1}`, conversationId: convo!.id, role: i % 2 ? ('assistant' as const) : ('user' as const), content: `mensagem ${i + 1}` })),
    );
    const read = async (query = '', token = user.token) => ctx.request(`/api/agents/${agent.id}/conversations/${convo!.id}${query}`, { token });

    const latest = (await (await read()).json()) as Conversation;
    expect(latest.messages).toHaveLength(TRANSCRIPT_PAGE);
    expect(latest.messages[0]!.content).toBe(`mensagem ${extra - TRANSCRIPT_PAGE + 1}`);
    expect(latest.messages.at(-1)!.content).toBe(`mensagem ${extra}`);
    expect(latest.hasMore).toBe(true);

    // the two stored by the chat turn and the first inserted, oldest first: nothing more before them
    const earlier = (await (await read(`?before=${latest.messages[0]!.id}`)).json()) as Conversation;
    expect(earlier.messages.map((m) => m.content)).toEqual(['mensagem 0', 'Você disse: mensagem 0', 'mensagem 1', 'mensagem 2', 'mensagem 3']);
    expect(earlier.hasMore).toBe(false);
    expect(earlier).toMatchObject({ id: convo!.id, messageCount: latest.messageCount });

    // a message of no conversation, or of another one, is not a place to page from
    expect((await read('?before=nenhuma')).status).toBe(404);
    const other = await newAgent();
    await chatOutput(ctx, other.agent.webhookId, 'outra', visitor('sessao-outra'));
    const [foreign] = await ctx.database.db.select({ id: messages.id }).from(messages).innerJoin(conversations, eq(conversations.id, messages.conversationId)).where(eq(conversations.agentId, other.agent.id));
    expect((await read(`?before=${foreign!.id}`)).status).toBe(404);
    expect((await read(`?before=${latest.messages[0]!.id}`, other.user.token)).status).toBe(404);
  });

  it('puts only this agent\'s knowledge in the prompt (canary)', async () => {
    const a = await newAgent();
    const b = await newAgent();
    const put = (u: typeof a, about: string) =>
      ctx.request(`/api/agents/${u.agent.id}/knowledge`, { method: 'PUT', token: u.user.token, json: { companyName: '', about, links: '' } });
    await put(a, 'O horário de funcionamento é das 8h às 18h. Código interno ALFA-CANARIO-111.');
    await put(b, 'O horário de funcionamento é das 9h às 17h. Código interno BETA-CANARIO-222.');
    await chatOutput(ctx, a.agent.webhookId, 'Qual o horário de funcionamento?');
    const system = String(llm.requests[0]!.messages[0]!.content);
    expect(system).toContain('ALFA-CANARIO-111');
    expect(system).toContain('(Fonte: Base de conhecimento)');
    expect(system).not.toContain('BETA-CANARIO-222');
  });
});

describe('rate limits', () => {
  it('limits a chat session and answers 429 with Retry-After', async () => {
    const limited = await createTestContext({
      limits: {
        auth: { signInFailures: { limit: 1e6, windowMs: 60_000 }, signUps: { limit: 1e6, windowMs: 60_000 } },
        chat: { perIp: { limit: 1e6, windowMs: 60_000 }, perSession: { limit: 2, windowMs: 60_000 } },
      },
    });
    try {
      const user = await createUser(limited);
      const agent = await createAgent(limited, user);
      expect((await chat(limited, agent.webhookId, 'um', visitor('sessao-limite'))).status).toBe(200);
      expect((await chat(limited, agent.webhookId, 'dois', visitor('sessao-limite'))).status).toBe(200);
      const third = await chat(limited, agent.webhookId, 'três', visitor('sessao-limite'));
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await chat(limited, agent.webhookId, 'outra', visitor('sessao-outra'))).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000); // a context of its own (a fresh database): slow on a busy machine
});
