/**
 * Issue 13, item 5: anonymous visitors of the public web chat cannot spend the account's monthly quota
 * that WhatsApp customers also need — per-visitor and per-address limits, which the owner sees and
 * changes for each agent, and the owner is e-mailed when the limits first refuse someone on a day and when
 * the account reaches 80% and 100% of its quota.
 */
import { quotaMonth, type WebLimits } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../../e2e/fakes';
import { createAgent, createUserWithAgent, chat, setPlan, visitor } from '../helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from '../helpers/context';
import { mailsTo } from '../helpers/mail';

let smtp: FakeSmtp;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // The server's defaults, as in production (the test context relaxes them for the other tests).
  ctx = await createTestContext({
    jobs: true,
    env: {
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      WEB_CHAT_RATE_MESSAGES: '10',
      WEB_CHAT_DAILY_PER_VISITOR: '60',
      WEB_CHAT_DAILY_PER_IP: '300',
      WEB_CHAT_DAILY_PER_IP_SHARE: '0.1',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const limitsPath = (agentId: string) => `/api/agents/${agentId}/web-limits`;
const getLimits = async (user: TestUser, agentId: string) => {
  const res = await ctx.request(limitsPath(agentId), { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as WebLimits;
};
const setLimits = (user: TestUser, agentId: string, limits: Omit<WebLimits, 'refusedToday'>) =>
  ctx.request(limitsPath(agentId), { method: 'PUT', token: user.token, json: limits });
const send = (webhookId: string, session: string, ip: string, message = 'Oi, vocês abrem hoje?') =>
  chat(ctx, webhookId, message, visitor(session), { 'x-forwarded-for': ip });

describe('the public web chat limits', () => {
  it('start at the server defaults, are the owner’s to change, and only the owner’s', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    // Per address, 10% of the plan's monthly messages: Gratuito 10 a day; Pro (6,000) the server's 300.
    expect(await getLimits(user, agent.id)).toEqual({ rateMessages: 10, rateSeconds: 60, dailyPerVisitor: 60, dailyPerIp: 10, refusedToday: 0 });
    await setPlan(ctx, user, 'pro');
    expect(await getLimits(user, agent.id)).toEqual({ rateMessages: 10, rateSeconds: 60, dailyPerVisitor: 60, dailyPerIp: 300, refusedToday: 0 });
    const saved = await setLimits(user, agent.id, { rateMessages: 5, rateSeconds: 30, dailyPerVisitor: 20, dailyPerIp: 100 });
    expect(saved.status).toBe(200);
    expect(await getLimits(user, agent.id)).toMatchObject({ rateMessages: 5, rateSeconds: 30, dailyPerVisitor: 20, dailyPerIp: 100 });
    const bad = await setLimits(user, agent.id, { rateMessages: 0, rateSeconds: 30, dailyPerVisitor: 20, dailyPerIp: 100 });
    expect(bad.status).toBe(400);
    const other = await createUser(ctx);
    expect((await ctx.request(limitsPath(agent.id), { token: other.token })).status).toBe(404);
    expect((await setLimits(other, agent.id, { rateMessages: 1000, rateSeconds: 1, dailyPerVisitor: 100000, dailyPerIp: 100000 })).status).toBe(404);
    expect((await ctx.request(limitsPath(agent.id))).status).toBe(401);
  });

  it("'N messages every M seconds' per visitor: the next one waits, other visitors go on", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await setPlan(ctx, user, 'pro'); // the address's daily cap (Gratuito: 10) is not what is tested here
    for (let i = 0; i < 10; i++) expect((await send(agent.webhookId, 'rapido', '198.51.100.10')).status).toBe(200);
    const refused = await send(agent.webhookId, 'rapido', '198.51.100.10');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', userMessage: expect.stringMatching(/^Muitas mensagens seguidas\. Aguarde \d+ segundos?/) } });
    expect((await send(agent.webhookId, 'outra-pessoa', '198.51.100.10')).status).toBe(200);
  });

  it('one visitor, and one address with many visitors, cannot spend the monthly quota; the owner is told once a day', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    expect((await setLimits(user, agent.id, { rateMessages: 1000, rateSeconds: 60, dailyPerVisitor: 3, dailyPerIp: 5 })).status).toBe(200);
    // One visitor: 3 a day.
    for (let i = 0; i < 3; i++) expect((await send(agent.webhookId, 'visitante-a', '203.0.113.1')).status).toBe(200);
    const perVisitor = await send(agent.webhookId, 'visitante-a', '203.0.113.2');
    expect(perVisitor.status).toBe(429);
    expect(await perVisitor.json()).toMatchObject({ error: { code: 'VISITOR_LIMIT_REACHED', userMessage: expect.stringMatching(/limite de mensagens deste chat por hoje/) } });
    // Fresh session ids from one address (an IPv6 /64 counts as one): 5 a day in all.
    for (let i = 0; i < 5; i++) expect((await send(agent.webhookId, `robo-${i}`, `2001:db8:7:7::${i + 1}`)).status).toBe(200);
    expect((await send(agent.webhookId, 'robo-novo', '2001:db8:7:7:ffff::9')).status).toBe(429);
    // Another address is another visitor.
    expect((await send(agent.webhookId, 'vizinho', '2001:db8:7:8::1')).status).toBe(200);

    expect((await getLimits(user, agent.id)).refusedToday).toBe(2);
    // (The visitor's unanswered questions also hand the conversation to the team: that e-mail is another one.)
    const limitMails = () => mailsTo(smtp, user.email).filter((m) => m.subject.startsWith('Limite de mensagens do chat'));
    const [mail] = await vi.waitFor(
      () => {
        expect(limitMails()).toHaveLength(1);
        return limitMails();
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(mail!.subject).toBe(`Limite de mensagens do chat atingido: ${agent.name}`);
    expect(mail!.text).toContain(`/dashboard/agents/${agent.id}/canais`);
    // Only the day's first refusal is e-mailed.
    expect((await send(agent.webhookId, 'visitante-a', '203.0.113.3')).status).toBe(429);
    expect(limitMails()).toHaveLength(1);
  });

  it("one address, starting a new session for every message, cannot spend a free account's month", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    for (let i = 0; i < 10; i++) expect((await send(agent.webhookId, `sessao-nova-${i}`, '198.51.100.77')).status).toBe(200);
    const refused = await send(agent.webhookId, 'sessao-nova-10', '198.51.100.77');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'VISITOR_LIMIT_REACHED' } });
    // Another address still talks to the agent, and the month keeps 90 messages for everyone else (WhatsApp too).
    expect((await send(agent.webhookId, 'outra-rede', '198.51.100.78')).status).toBe(200);
    const { usage } = (await (await ctx.request('/api/agents', { token: user.token })).json()) as { usage: { messagesUsed: number; messagesQuota: number } };
    expect(usage).toMatchObject({ messagesUsed: 11, messagesQuota: 100 });
    // A limit the owner sets is taken as set.
    expect((await setLimits(user, agent.id, { rateMessages: 10, rateSeconds: 60, dailyPerVisitor: 60, dailyPerIp: 12 })).status).toBe(200);
    expect((await send(agent.webhookId, 'sessao-nova-11', '198.51.100.77')).status).toBe(200);
  });

  it("a customer talking to the team is not cut off by the address's limit (no plan message is spent); the visitor's own limit still holds", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    expect((await setLimits(user, agent.id, { rateMessages: 1000, rateSeconds: 60, dailyPerVisitor: 12, dailyPerIp: 3 })).status).toBe(200);
    const asked = await send(agent.webhookId, 'quer-uma-pessoa', '203.0.113.50', 'Quero falar com um atendente');
    expect(asked.status).toBe(200);
    const [conversation] = ((await (await ctx.request('/api/inbox', { token: user.token })).json()) as { conversations: Array<{ id: string; state: string }> }).conversations;
    expect(conversation).toMatchObject({ state: 'waiting' });
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/${conversation!.id}/takeover`, { method: 'POST', token: user.token })).status).toBe(200);
    // Far more than the address's 3 a day, while the team has the conversation: every message reaches the inbox.
    for (let i = 1; i <= 11; i++) {
      const res = await send(agent.webhookId, 'quer-uma-pessoa', '203.0.113.50', `Mensagem ${i} para a equipe`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ output: '', silent: true });
    }
    // The visitor's own daily limit (12) still counts them.
    const beyond = await send(agent.webhookId, 'quer-uma-pessoa', '203.0.113.50', 'Mais uma');
    expect(beyond.status).toBe(429);
    expect(await beyond.json()).toMatchObject({ error: { code: 'VISITOR_LIMIT_REACHED' } });
    // The address counted only the message the agent answered: two more new sessions talk to the agent, then no more.
    expect((await send(agent.webhookId, 'nova-sessao-1', '203.0.113.50')).status).toBe(200);
    expect((await send(agent.webhookId, 'nova-sessao-2', '203.0.113.50')).status).toBe(200);
    expect((await send(agent.webhookId, 'nova-sessao-3', '203.0.113.50')).status).toBe(429);
  });

  it("the limits are each agent's: another agent of the account keeps answering", async () => {
    const user = await createUser(ctx);
    await setPlan(ctx, user, 'pro');
    const first = await createAgent(ctx, user, 'Loja A');
    const second = await createAgent(ctx, user, 'Loja B');
    expect((await setLimits(user, first.id, { rateMessages: 1000, rateSeconds: 60, dailyPerVisitor: 1, dailyPerIp: 1 })).status).toBe(200);
    expect((await send(first.webhookId, 'cliente', '192.0.2.7')).status).toBe(200);
    expect((await send(first.webhookId, 'cliente', '192.0.2.7')).status).toBe(429);
    expect((await send(second.webhookId, 'cliente', '192.0.2.7')).status).toBe(200);
  });

  it('the owner is e-mailed when the account reaches 80% and 100% of its monthly quota', async () => {
    const user = await createUser(ctx);
    await setPlan(ctx, user, 'free');
    const agent = await createAgent(ctx, user);
    const quota = 100;
    // The free plan's 100 messages, from many visitors and addresses (within the agent's limits).
    for (let i = 0; i < quota; i++) expect((await send(agent.webhookId, `cliente-${i}`, `10.0.${Math.floor(i / 50)}.${i % 50}`)).status).toBe(200);
    const subjects = () => mailsTo(smtp, user.email).map((m) => m.subject);
    await vi.waitFor(() => expect(subjects()).toHaveLength(2), { timeout: 20_000, interval: 100 });
    expect(subjects().sort()).toEqual(['Seus agentes atingiram o limite de mensagens do mês', 'Seus agentes já usaram 80% das mensagens do mês']);
    // Beyond the quota customers get the notice, and no more e-mails go out.
    expect((await send(agent.webhookId, 'cliente-extra', '10.9.9.9')).status).toBe(200);
    expect(subjects()).toHaveLength(2);
  });

  it('each quota notice goes out once a month, however often the count crosses it, and anew for a new quota', async () => {
    const user = await createUser(ctx);
    await setPlan(ctx, user, 'free');
    const agent = await createAgent(ctx, user);
    const month = quotaMonth();
    const setUsed = (messages: number) =>
      ctx.database.db.execute(sql`insert into usage_counters (user_id, month, messages) values (${user.id}, ${month}, ${messages})
        on conflict (user_id, month) do update set messages = ${messages}`);
    const mails = () => mailsTo(smtp, user.email).map((m) => `${m.subject} | ${/usou (?:as )?[\d.]+(?: das [\d.]+)?/.exec(m.text)?.[0]}`);
    let ip = 0;
    const customerWrites = async () => expect((await send(agent.webhookId, `cliente-${++ip}`, `10.20.0.${ip}`)).status).toBe(200);

    await setUsed(79);
    await customerWrites(); // the 80th
    await vi.waitFor(() => expect(mails()).toEqual(['Seus agentes já usaram 80% das mensagens do mês | usou 80 das 100']), { timeout: 10_000 });
    // A refunded message takes the count back under 80%; the next one crosses it again: nothing more is sent.
    await setUsed(79);
    await customerWrites();
    await setUsed(99);
    await customerWrites(); // the 100th
    await vi.waitFor(() => expect(mails()).toHaveLength(2), { timeout: 10_000 });
    expect(mails()[1]).toBe('Seus agentes atingiram o limite de mensagens do mês | usou as 100');

    // A new plan is a new quota: its 80% is told…
    await setPlan(ctx, user, 'pro');
    await setUsed(4799);
    await customerWrites();
    await vi.waitFor(() => expect(mails()).toHaveLength(3), { timeout: 10_000 });
    expect(mails()[2]).toBe('Seus agentes já usaram 80% das mensagens do mês | usou 4.800 das 6.000');
    // …and back on Gratuito with 4,800 used the count never lands on 100: the first message refused tells the owner, once.
    await setPlan(ctx, user, 'free');
    await customerWrites();
    await customerWrites();
    await vi.waitFor(() => expect(mails()).toHaveLength(4), { timeout: 10_000 });
    expect(mails()[3]).toBe('Seus agentes atingiram o limite de mensagens do mês | usou as 100');
    const { rows } = (await ctx.database.db.execute(sql`select notice_level as level, notice_quota as quota from usage_counters where user_id = ${user.id}`)) as unknown as {
      rows: Array<{ level: number; quota: number }>;
    };
    expect(rows).toEqual([{ level: 2, quota: 100 }]);
  });
});
