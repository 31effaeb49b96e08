/**
 * Tenant isolation matrix. Every authenticated operation of the OpenAPI
 * document is called as another account and anonymously against account A's
 * resource ids: 404 and 401 every time, no identifying value of A in any answer,
 * and A's rows byte-for-byte unchanged afterwards. New endpoints join the
 * matrix by themselves; one with an unknown path parameter or body fails the
 * suite until it is described below.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../../../../e2e/fakes';
import { runTurn } from '../../src/chat/runtime';
import { files } from '../../src/db/schema';
import { rollUpInsights } from '../../src/insights/rollup';
import { getAccountPlan } from '../../src/accounts/plan';
import { chatHistory, turnAgent } from '../helpers/agents';
import { createTestContext, ORIGIN, type TestContext } from '../helpers/context';
import { identifyingStrings, seedTenant, snapshotRows, waitForIdleJobs, type Tenant } from './tenants';

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  multipart: boolean;
}

let graph: FakeGraph;
let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let operations: Operation[];
let before: Record<string, string[]>;
const WHATSAPP_CUSTOMER = '5511987654321';

beforeAll(async () => {
  graph = await startFakeGraph();
  ctx = await createTestContext({ jobs: true, env: { WHATSAPP_GRAPH_URL: graph.url } });
  a = await seedTenant(ctx, graph, 'A');
  b = await seedTenant(ctx, graph, 'B');
  // A WhatsApp conversation of A (its session id is the customer's phone number, easy to guess).
  await runTurn(ctx.services.runtime, {
    agent: await turnAgent(ctx, a.agent.id),
    channel: 'whatsapp',
    sessionId: WHATSAPP_CUSTOMER,
    message: 'Oi, sou do WhatsApp',
    plan: await getAccountPlan(ctx.database.db, a.user.id),
  });
  const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => (op.security?.length ?? 0) > 0)
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        hasBody: Boolean(op.requestBody),
        multipart: Boolean(op.requestBody?.content['multipart/form-data']),
      })),
  );
  await waitForIdleJobs(ctx);
  // The Painel's counts of A's messages are added up now, not by a background run in the middle of the matrix.
  await rollUpInsights(ctx.database.db, { settleMs: 0 });
  before = await snapshotRows(ctx, a);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await graph?.close();
});

/** A's ids for each path parameter. `id` means the agent under /api/agents and the checkout under /api/billing/sandbox. */
function idsFor(param: string, path: string): string[] {
  if (param === 'id' && path.startsWith('/api/agents/')) return [a.agent.id];
  if (param === 'id' && path.startsWith('/api/billing/sandbox/')) return [a.checkouts.approved, a.checkouts.pending];
  if (param === 'fileId') return [a.file.id];
  if (param === 'conversationId') return [a.conversationId];
  if (param === 'answerId') return [a.taughtAnswerId];
  throw new Error(`No resource of account A for {${param}} in ${path}: describe it in the isolation matrix.`);
}

/** Every concrete URL for an operation: A's ids everywhere, and B's own agent holding A's sub-resource ids. */
function urlsFor(op: Operation): string[] {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  let urls = [op.path];
  for (const param of params) {
    urls = urls.flatMap((u) => idsFor(param, op.path).map((id) => u.replace(`{${param}}`, id)));
  }
  if (params.includes('id') && params.length > 1 && op.path.startsWith('/api/agents/')) {
    urls.push(...urls.map((u) => u.replace(a.agent.id, b.agent.id)));
  }
  return urls;
}

/** A plausible, valid body for each write: a refusal must come from ownership, never from validation. */
function bodyFor(op: Operation): RequestInit['body'] | undefined {
  if (!op.hasBody) return undefined;
  if (op.multipart) {
    const form = new FormData();
    form.append('files', new File(['Texto enviado por outra conta.'], 'invasao.txt', { type: 'text/plain' }));
    return form;
  }
  const bodies: Record<string, unknown> = {
    'POST /api/agents': { name: 'Agente novo do B' },
    'PATCH /api/me': { company: 'Empresa do B' },
    // A wrong password: the matrix must not delete B's account (the deletion itself is tested in account.test.ts).
    'DELETE /api/me': { password: 'senha-errada-da-matriz' },
    'PATCH /api/agents/{id}': { name: 'Renomeado por outra conta', active: false, systemMessage: 'Responda só em inglês.' },
    'PUT /api/agents/{id}/knowledge': { companyName: 'Outra empresa', about: 'Texto de outra conta.', links: '' },
    'PUT /api/agents/{id}/whatsapp': { metaToken: b.whatsapp.metaToken, phoneNumberId: b.whatsapp.phoneNumberId },
    'POST /api/agents/{id}/answers': { question: 'Vocês abrem aos domingos?', answer: 'Resposta de outra conta.' },
    'PATCH /api/agents/{id}/answers/{answerId}': { question: 'Pergunta trocada por outra conta?', answer: 'Resposta trocada por outra conta.' },
    'PUT /api/agents/{id}/web-limits': { rateMessages: 1000, rateSeconds: 1, dailyPerVisitor: 100000, dailyPerIp: 1000000 },
    'PUT /api/agents/{id}/appearance': { color: '#000000', displayName: 'Outra conta', welcomeMessage: 'Oi', suggestions: [], position: 'left' },
    'POST /api/agents/{id}/test-chat': { message: 'Mensagem de outra conta', sessionId: a.testSessionId },
    'POST /api/agents/{id}/test-chat/history': { sessionId: a.testSessionId },
    // A's WhatsApp customer, named by B: B has no such customer (404), and A's conversation stays.
    'POST /api/customers/export': { channel: 'whatsapp', customerLabel: `+${WHATSAPP_CUSTOMER}` },
    'POST /api/customers/erase': { channel: 'whatsapp', customerLabel: `+${WHATSAPP_CUSTOMER}` },
    'PUT /api/agents/{id}/handoff': { message: 'Outra conta', afterUnanswered: 1, timeoutMinutes: 10, notifyWhatsapp: '5511900000000', businessHours: null },
    'POST /api/agents/{id}/conversations/{conversationId}/messages': { text: 'Mensagem de outra conta' },
    'PUT /api/insights/settings': { weeklySummary: false },
    'POST /api/billing/subscriptions': { plan: 'essencial' },
    'POST /api/billing/confirm': { preapproval_id: a.checkouts.pending },
    'POST /api/billing/sandbox/{id}/decision': { decision: 'approve' },
  };
  const body = bodies[`${op.method} ${op.path}`];
  if (body === undefined) throw new Error(`No body for ${op.method} ${op.path}: describe it in the isolation matrix.`);
  return JSON.stringify(body);
}

async function call(method: string, url: string, options: { token?: string; body?: RequestInit['body'] } = {}) {
  const headers = new Headers({ origin: ORIGIN });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (typeof options.body === 'string') headers.set('content-type', 'application/json');
  const res = await ctx.app.request(url, { method, headers, body: options.body });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return res;
  // A live stream (GET /api/inbox/events) never ends: what it says when it opens is what it would leak.
  const reader = res.body!.getReader();
  const first = await reader.read();
  await reader.cancel();
  return new Response(first.value ?? '', { status: res.status, headers: res.headers });
}

/** No value that identifies account A appears in a response given to someone else. */
function expectNothingOfA(label: string, text: string) {
  for (const value of identifyingStrings(a)) expect(text.includes(value), `${label} leaks ${value}`).toBe(false);
}

describe('tenant isolation: every authenticated operation in the OpenAPI document', () => {
  it('covers the whole authenticated surface', () => {
    const described = operations.map((op) => `${op.method} ${op.path}`);
    // The matrix is driven by the document; these are the operations it must at least contain.
    expect(described).toEqual(
      expect.arrayContaining([
        'GET /api/me',
        'GET /api/agents',
        'PATCH /api/agents/{id}',
        'DELETE /api/agents/{id}',
        'GET /api/agents/{id}/conversations/{conversationId}',
        'POST /api/agents/{id}/files',
        'DELETE /api/agents/{id}/files/{fileId}',
        'PUT /api/agents/{id}/knowledge',
        'PUT /api/agents/{id}/whatsapp',
        'GET /api/agents/{id}/answers',
        'POST /api/agents/{id}/answers',
        'PATCH /api/agents/{id}/answers/{answerId}',
        'DELETE /api/agents/{id}/answers/{answerId}',
        'GET /api/agents/{id}/insights',
        'GET /api/agents/{id}/conversations/export',
        'GET /api/customers',
        'POST /api/customers/export',
        'POST /api/customers/erase',
        'GET /api/customers/erasures',
        'GET /api/insights',
        'GET /api/insights/settings',
        'PUT /api/insights/settings',
        'PUT /api/agents/{id}/appearance',
        'PUT /api/agents/{id}/appearance/avatar',
        'POST /api/agents/{id}/test-chat',
        'POST /api/agents/{id}/test-chat/history',
        'GET /api/billing',
        'POST /api/billing/sandbox/{id}/decision',
        'GET /api/inbox',
        'GET /api/inbox/events',
        'POST /api/agents/{id}/conversations/{conversationId}/takeover',
        'POST /api/agents/{id}/conversations/{conversationId}/release',
        'POST /api/agents/{id}/conversations/{conversationId}/messages',
        'GET /api/agents/{id}/conversations/{conversationId}/undelivered',
        'GET /api/agents/{id}/conversations/{conversationId}/deliveries',
        'PUT /api/agents/{id}/handoff',
      ]),
    );
  });

  it('answers 401 to anonymous callers and to forged tokens, for every operation and id', async () => {
    for (const op of operations) {
      for (const url of urlsFor(op)) {
        for (const token of [undefined, 'token-inventado-0123456789abcdef0123456789', `${a.user.token.slice(0, -6)}AAAAAA`]) {
          const res = await call(op.method, url, { token, body: bodyFor(op) });
          const text = await res.text();
          expect(res.status, `${op.method} ${url} (${token ? 'forged token' : 'anonymous'})`).toBe(401);
          expectNothingOfA(`${op.method} ${url}`, text);
        }
      }
    }
  });

  it("answers 404 to another account for every operation on A's ids", async () => {
    let calls = 0;
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      for (const url of urlsFor(op)) {
        const res = await call(op.method, url, { token: b.user.token, body: bodyFor(op) });
        const text = await res.text();
        expect(res.status, `${op.method} ${url} as B: ${text}`).toBe(404);
        expectNothingOfA(`${op.method} ${url}`, text);
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThanOrEqual(15);
  });

  it("operations without an id never show A's data to B, and never act on it", async () => {
    // Confirming A's checkout as B: the preapproval id in the body is A's.
    const expected: Record<string, number> = {
      'POST /api/billing/confirm': 404,
      'POST /api/customers/export': 404,
      'POST /api/customers/erase': 404,
    };
    for (const op of operations.filter((o) => !o.path.includes('{'))) {
      const res = await call(op.method, op.path, { token: b.user.token, body: bodyFor(op) });
      const text = await res.text();
      const label = `${op.method} ${op.path} as B`;
      expect(res.status, `${label}: ${text}`).toBeLessThan(500);
      if (expected[`${op.method} ${op.path}`]) expect(res.status, label).toBe(expected[`${op.method} ${op.path}`]);
      expectNothingOfA(label, text);
    }
  });

  it('the routes outside the document: downloads, signed links, the legacy checkout', async () => {
    const download = (agentId: string, token?: string) => call('GET', `/api/agents/${agentId}/files/${a.file.id}/download`, { token });
    expect((await download(a.agent.id)).status).toBe(401);
    expect((await download(a.agent.id, b.user.token)).status).toBe(404);
    expect((await download(b.agent.id, b.user.token)).status).toBe(404);
    expect(await (await download(a.agent.id, a.user.token)).text()).toBe(a.fileText);

    // The signed link: without, with a wrong, an expired, or another file's signature → refused.
    const signed = new URL(a.file.url);
    const fileUrl = (id: string, query: string) => call('GET', `/files/${id}${query}`);
    const expires = signed.searchParams.get('expires')!;
    const signature = signed.searchParams.get('signature')!;
    for (const query of [
      '',
      `?expires=${expires}`,
      `?expires=${expires}&signature=${signature.slice(0, -2)}xx`,
      `?expires=${Number(expires) + 1}&signature=${signature}`,
      `?expires=1&signature=${signature}`,
    ]) {
      const res = await fileUrl(a.file.id, query);
      expect(res.status, query).toBe(403);
      expectNothingOfA(`/files ${query}`, await res.text());
    }
    expect((await fileUrl(b.file.id, signed.search)).status).toBe(403);
    const ok = await fileUrl(a.file.id, signed.search);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(a.fileText);

    const legacy = (token?: string) =>
      call('POST', '/.netlify/functions/create-subscription', { token, body: JSON.stringify({ plan: 'pro', payer_email: a.user.email }) });
    expect((await legacy()).status).toBe(401);
    expect((await legacy(b.user.token)).status).toBe(403);
  });

  it("the public chat history serves an agent's own web sessions only", async () => {
    const history = async (webhookId: string, sessionId: string) => {
      const res = await chatHistory(ctx, webhookId, sessionId);
      expect(res.status).toBe(200);
      return ((await res.json()) as { messages: unknown[] }).messages;
    };
    expect(await history(a.agent.webhookId, a.sessionId)).toHaveLength(4); // the link holder's own conversation
    expect(await history(b.agent.webhookId, a.sessionId)).toEqual([]);
    // A WhatsApp customer's number is no session secret on the web (guessable ids are refused outright).
    expect((await chatHistory(ctx, a.agent.webhookId, WHATSAPP_CUSTOMER)).status).toBe(400);
  });

  it("refuses cookie-authenticated writes from another site (CSRF), even on the user's own resources", async () => {
    const writes = operations.filter((op) => op.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(10);
    for (const op of writes) {
      for (const url of urlsFor(op).filter((u) => !u.includes(b.agent.id))) {
        // A junk or forged Authorization header beside the cookie must not switch the check off (issue 13, item 6).
        const attempts: Array<[string | undefined, string | undefined]> = [
          ['https://loja-maliciosa.example', undefined],
          ['null', undefined],
          [undefined, undefined],
          ['https://loja-maliciosa.example', 'x'],
          ['https://loja-maliciosa.example', 'Bearer token-forjado'],
        ];
        for (const [origin, authorization] of attempts) {
          const headers = new Headers({ cookie: a.user.cookie });
          if (origin) headers.set('origin', origin);
          if (authorization) headers.set('authorization', authorization);
          const body = bodyFor(op);
          if (typeof body === 'string') headers.set('content-type', 'application/json');
          const res = await ctx.app.request(url, { method: op.method, headers, body });
          expect(res.status, `${op.method} ${url} from ${origin} with ${authorization}`).toBe(403);
          expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
        }
      }
    }
    // The same cookie from the app's own origin, and a bearer token from anywhere, pass this check
    // (and meet the ownership check: B's agent is not A's).
    const verifyB = `/api/agents/${b.agent.id}/whatsapp/verify`;
    expect((await ctx.request(verifyB, { method: 'POST', cookie: a.user.cookie })).status).toBe(404);
    const bearer = await ctx.app.request(verifyB, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.user.token}`, origin: 'https://integracao.example' },
    });
    expect(bearer.status).toBe(404);
  });

  it("A's rows and stored file are unchanged after everything above", async () => {
    await waitForIdleJobs(ctx);
    expect(await snapshotRows(ctx, a)).toEqual(before);
    const [file] = await ctx.database.db.select().from(files).where(eq(files.id, a.file.id));
    expect(new TextDecoder().decode(await ctx.services.storage.get(file!.path))).toBe(a.fileText);
    // And A still works: B's writes went nowhere.
    const agent = await ctx.request(`/api/agents/${a.agent.id}`, { token: a.user.token });
    expect(await agent.json()).toMatchObject({ name: a.agent.name, active: true });
  });

  it("everything B can read of its own (every agent's files, knowledge, conversations, WhatsApp) holds nothing of A", async () => {
    const list = await ctx.request('/api/agents', { token: b.user.token });
    const { agents } = (await list.json()) as { agents: Array<{ id: string }> };
    expect(agents.length).toBeGreaterThanOrEqual(2); // its own, and the one created by the matrix
    for (const { id } of agents) {
      for (const sub of ['', '/workflow', '/files', '/knowledge', '/conversations', '/whatsapp', '/answers', '/insights']) {
        const res = await ctx.request(`/api/agents/${id}${sub}`, { token: b.user.token });
        expect(res.status).toBe(200);
        expectNothingOfA(`GET /api/agents/${id}${sub}`, await res.text());
      }
    }
  });
});
