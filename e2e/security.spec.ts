/**
 * Injection corpus in Chromium: public XSS payloads go through every place the
 * product shows user content (agent names, knowledge text quoted in chat
 * answers, chat answers, file names, account names, transcripts) on the real
 * pages. CSP is bypassed for these tests, so the rendering itself must be safe:
 * a payload that got into the DOM as markup would run and be caught. A last
 * test checks that CSP is enforced as a second layer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Agent, ConversationSummary } from '@atende/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createAgentViaApi, expect, newAccount, publicAgent, seedAccount, test } from './fixtures';
import { FILE_NAME_PAYLOADS, HTML_PAYLOADS, MARKDOWN_PAYLOADS, MULTILINE_MARKDOWN, NAME_PAYLOADS, type Payload } from './fixtures/xss-payloads';

test.use({ bypassCSP: true });

const PLACEHOLDER = 'Digite sua mensagem...';

/** Records dialogs and sets the flag payloads write to; `check` asserts nothing ran and no dangerous markup is in the DOM. */
async function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as { __xss?: number }).__xss = 0;
  });
  return async function check(where: string) {
    expect(dialogs, `${where}: dialogs`).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss), `${where}: window.__xss`).toBe(0);
    await expect(page.locator('a[href^="javascript:" i], a[href^="vbscript:" i], a[href^="data:" i]'), where).toHaveCount(0);
    expect(await page.evaluate(dangerousMarkup), where).toEqual([]);
  };
}

/** Runs in the page: markup that could execute script (inline handlers, script URLs, foreign scripts, frames). */
function dangerousMarkup(): string[] {
  const found: string[] = [];
  const scriptUrl = (value: string) => /^(javascript|vbscript):/i.test(value.replace(/[\u0000-\u0020]/g, ''));
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(el.attributes)) {
      if (/^on/i.test(name)) found.push(`<${el.localName} ${name}>`);
      if (name === 'srcdoc') found.push(`<${el.localName} srcdoc>`);
      if (urlAttributes.includes(name) && scriptUrl(value)) found.push(`<${el.localName} ${name}="${value}">`);
    }
  }
  for (const script of Array.from(document.scripts)) {
    if (!script.src || new URL(script.src).origin !== location.origin) found.push(`<script ${script.src || script.text.slice(0, 40)}>`);
  }
  for (const el of Array.from(document.querySelectorAll('iframe, frame, object, embed, base, meta[http-equiv], form[action], style:not([data-sonner])'))) {
    if (el.localName === 'style' && !/__xss|javascript:/i.test(el.textContent ?? '')) continue;
    found.push(`<${el.localName}>`);
  }
  return found;
}

/** An account signed in on the page's context (cookie), with the plan and agents asked for. */
async function signedIn(page: Page, baseURL: string, options: { name?: string; plan?: 'pro'; agents?: string[] } = {}) {
  const account = newAccount('xss');
  if (options.name) account.name = options.name;
  await seedAccount(page.request, baseURL, account);
  const headers = { origin: baseURL };
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
  expect(signIn.status()).toBe(200);
  if (options.plan) {
    const checkout = await page.request.post('/api/billing/subscriptions', { data: { plan: options.plan }, headers });
    const id = new URL(((await checkout.json()) as { init_point: string }).init_point).pathname.split('/').pop()!;
    const approved = await page.request.post(`/api/billing/sandbox/${id}/decision`, { data: { decision: 'approve' }, headers });
    expect(approved.status()).toBe(200);
  }
  const agents: Agent[] = [];
  for (const name of options.agents ?? []) {
    const res = await page.request.post('/api/agents', { data: { name }, headers });
    expect(res.status()).toBe(201);
    agents.push((await res.json()) as Agent);
  }
  return { account, agents, headers };
}

async function rename(request: APIRequestContext, baseURL: string, agent: Agent, name: string) {
  const res = await request.patch(`/api/agents/${agent.id}`, { data: { name }, headers: { origin: baseURL } });
  expect(res.status(), name).toBe(200);
}

async function chatApi(request: APIRequestContext, agent: Agent, message: string, sessionId: string) {
  const res = await request.post(`/webhook/${agent.webhookId}`, { data: { message, sessionId } });
  expect(res.status(), message).toBe(200);
  return ((await res.json()) as { output: string }).output;
}

/** Every tag is shown, as text, inside `scope`. */
async function expectRendered(scope: Locator, payloads: Payload[]) {
  for (const { tag } of payloads) await expect(scope, tag).toContainText(tag);
}

const TEST_CHAT_SAMPLE = new Set(NAME_PAYLOADS.filter((p, i) => p.tag.startsWith('m') || i % 4 === 0).map((p) => p.tag));

const chunk = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

test('agent names: agents list, test chat (title and greeting) and public chat header', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const check = await guard(page);
  const { agents } = await signedIn(page, baseURL!, { plan: 'pro', agents: ['a1', 'a2', 'a3', 'a4', 'a5'] });

  for (const names of chunk(NAME_PAYLOADS, agents.length)) {
    for (const [i, name] of names.entries()) await rename(page.request, baseURL!, agents[i]!, name.text);
    await page.goto('/dashboard/agents');
    for (const name of names) {
      const card = page.getByRole('article', { name: name.text, exact: true });
      await expect(card.getByRole('heading', { name: name.text, exact: true })).toBeVisible();
      // The test chat (for a sample of HTML names and every markdown one): the name is the dialog's description,
      // and the greeting renders it as markdown.
      if (!TEST_CHAT_SAMPLE.has(name.tag)) continue;
      await card.getByRole('button', { name: 'Chat', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Teste seu Chat' });
      await expect(dialog).toContainText(name.text);
      if (name.tag.startsWith('m')) {
        await dialog.getByPlaceholder(PLACEHOLDER).fill('oi');
        await dialog.getByRole('button', { name: 'Enviar' }).click();
        await expect(dialog.getByRole('log')).toContainText(`Olá! Eu sou ${name.tag}`);
      }
      await check(`test chat of ${name.text}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    await check(`agents list with ${names.map((n) => n.tag).join(', ')}`);
  }

  for (const names of chunk(NAME_PAYLOADS, agents.length)) {
    for (const [i, name] of names.entries()) {
      await rename(page.request, baseURL!, agents[i]!, name.text);
      await page.goto(agents[i]!.publicChatUrl);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name.text);
      await expect(page).toHaveTitle(new RegExp(name.tag));
      await check(`public chat of ${name.text}`);
    }
  }
});

test('knowledge text quoted in chat answers, customer messages, and the transcripts', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const check = await guard(page);
  const payloads = [...HTML_PAYLOADS, ...MARKDOWN_PAYLOADS];
  const agentName = `${HTML_PAYLOADS[1]!.text} Loja`;
  const { agents, headers } = await signedIn(page, baseURL!, { agents: [agentName] });
  const agent = agents[0]!;
  const sessionId = randomBytes(16).toString('hex');

  // The offline responder quotes the best knowledge block, as markdown: one block of payload lines per round.
  for (const [round, group] of chunk(payloads, 8).entries()) {
    const about = group.map((p) => `Código xss ${p.tag}: ${p.text}`).join('\n');
    const companyName = `${HTML_PAYLOADS[round]!.text} Empresa`;
    const saved = await page.request.put(`/api/agents/${agent.id}/knowledge`, { data: { companyName, about, links: '' }, headers });
    expect(saved.status()).toBe(200);
    const output = await chatApi(page.request, agent, 'código xss', sessionId);
    for (const p of group) expect(output, p.tag).toContain(p.tag);
  }
  // Customer messages carry payloads too.
  for (const p of [HTML_PAYLOADS[0]!, HTML_PAYLOADS[7]!, MARKDOWN_PAYLOADS[0]!]) await chatApi(page.request, agent, `${p.tag} ${p.text}`, sessionId);
  await chatApi(page.request, agent, MULTILINE_MARKDOWN, sessionId);

  // The public chat shows the session again (assistant bubbles through markdown, customer bubbles as text).
  await page.addInitScript(([key, id]) => localStorage.setItem(key!, id!), [`chat_session_id:${agent.webhookId}`, sessionId]);
  await page.goto(agent.publicChatUrl);
  const log = page.getByRole('log');
  await expectRendered(log, payloads);
  await expect(log).toContainText('referência');
  await check('public chat history');

  // 'Conversas': the list and the transcript.
  const conversations = await page.request.get(`/api/agents/${agent.id}/conversations`);
  const [conversation] = ((await conversations.json()) as { conversations: ConversationSummary[] }).conversations;
  await page.goto(`/dashboard/agents/${agent.id}/conversations?c=${conversation!.id}`);
  await expect(page.getByRole('heading', { name: 'Conversas' })).toBeVisible();
  await expect(page.getByText(agentName, { exact: true }).first()).toBeVisible();
  const transcript = page.getByRole('list', { name: 'Mensagens' });
  await expectRendered(transcript, payloads);
  await check('transcript');
});

test('file names: the knowledge file list, and the source named in chat answers', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const check = await guard(page);
  const { agents, headers } = await signedIn(page, baseURL!, { agents: ['Loja dos Arquivos'] });
  const agent = agents[0]!;
  for (const group of chunk(FILE_NAME_PAYLOADS, 10)) {
    const form = new FormData();
    for (const p of group) form.append('files', new File([`Arquivo ${p.tag}: prazo de entrega ${p.tag} é de dois dias.`], p.text, { type: 'text/plain' }));
    const res = await page.request.post(`/api/agents/${agent.id}/files`, { multipart: form, headers });
    expect(res.status(), await res.text()).toBe(201);
  }
  // A name with a folder in it is refused, with a pt-BR reason.
  const form = new FormData();
  form.append('files', new File(['texto'], '<svg/onload=window.__xss=1>.txt', { type: 'text/plain' }));
  const refused = await page.request.post(`/api/agents/${agent.id}/files`, { multipart: form, headers });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { userMessage: string } }).error.userMessage).toMatch(/contém caracteres não permitidos/);

  await page.goto('/dashboard/agents');
  await page.getByRole('article', { name: agent.name }).getByRole('button', { name: 'Base de Conhecimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Base de Conhecimento' });
  const list = dialog.getByRole('list', { name: 'Arquivos enviados' });
  for (const p of FILE_NAME_PAYLOADS) await expect(list.getByRole('listitem', { name: p.text, exact: true })).toBeVisible();
  await expect(list.getByText('pronto', { exact: true })).toHaveCount(FILE_NAME_PAYLOADS.length, { timeout: 30_000 });
  await check('file list');
  // The delete confirmation names the file too.
  const first = FILE_NAME_PAYLOADS.find((p) => p.tag === 'm01')!;
  await list.getByRole('button', { name: `Excluir ${first.text}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(first.text);
  await check('delete confirmation');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
  await page.keyboard.press('Escape');

  // Offline answers end with '_Fonte: {file name}_', rendered as markdown.
  const sessionId = randomBytes(16).toString('hex');
  const sources = FILE_NAME_PAYLOADS.filter((p) => p.tag.startsWith('m') || p.tag === 'h02');
  for (const p of sources) expect(await chatApi(page.request, agent, `prazo de entrega ${p.tag}`, sessionId)).toContain(`Fonte: ${p.text}`);
  await page.addInitScript(([key, id]) => localStorage.setItem(key!, id!), [`chat_session_id:${agent.webhookId}`, sessionId]);
  await page.goto(agent.publicChatUrl);
  const log = page.getByRole('log');
  await expect(log.getByText(sources.at(-1)!.tag).first()).toBeVisible();
  expect((await log.innerText()).match(/Fonte:/g)).toHaveLength(sources.length);
  await check('answers citing file names');
});

test('account name in the dashboard', async ({ page, baseURL }) => {
  const check = await guard(page);
  const name = HTML_PAYLOADS[1]!.text;
  await signedIn(page, baseURL!, { name });
  await page.goto('/dashboard/agents');
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Seus dados' })).toBeVisible();
  await check('dashboard with a hostile account name');
});

test('any chat answer (a fake agent replying with the whole corpus, streamed)', async ({ page }) => {
  const check = await guard(page);
  const payloads = [...HTML_PAYLOADS, ...MARKDOWN_PAYLOADS];
  const reply = [...payloads.map((p) => `${p.tag} ${p.text}`), MULTILINE_MARKDOWN].join('\n\n');
  const name = `${HTML_PAYLOADS[0]!.text}`;
  await page.route('**/webhook/agente-xss/history', (route) => route.fulfill({ json: { messages: [] } }));
  await page.route('**/webhook/agente-xss', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: publicAgent(name, 'agente-xss') })
      : route.fulfill({
          headers: { 'Content-Type': 'text/event-stream' },
          body: [
            `event: token\ndata: ${JSON.stringify({ delta: reply.slice(0, 500) })}\n\n`,
            `event: token\ndata: ${JSON.stringify({ delta: reply.slice(500) })}\n\n`,
            `event: done\ndata: ${JSON.stringify({ output: reply })}\n\n`,
          ].join(''),
        }),
  );
  await page.goto('/public-chat/agente-xss');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.getByPlaceholder(PLACEHOLDER).fill(`${MARKDOWN_PAYLOADS[0]!.text} ${HTML_PAYLOADS[1]!.text}`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  const log = page.getByRole('log');
  await expectRendered(log, payloads);
  // Rejected URLs leave an inert anchor with no href.
  await expect(log.locator('a', { hasText: 'referência' })).not.toHaveAttribute('href');
  await check('streamed corpus');
});

test('one browser, two merchants: two unrelated secret sessions, and no dashboard shows them', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const merchantA = await browser.newContext({ baseURL });
  const merchantB = await browser.newContext({ baseURL });
  const agentA = await createAgentViaApi(merchantA.request, baseURL!, 'Loja A');
  const agentB = await createAgentViaApi(merchantB.request, baseURL!, 'Loja B');

  // The single id earlier releases kept for every merchant is in this browser's storage.
  await page.goto('/public-chat');
  const legacy = randomUUID();
  await page.evaluate((id) => localStorage.setItem('chat_session_id', id), legacy);
  const sent: Record<string, string> = {};
  page.on('request', (req) => {
    const match = /\/webhook\/([^/]+)(\/history)?$/.exec(new URL(req.url()).pathname);
    if (match && req.method() === 'POST') sent[`${match[1]}${match[2] ?? ''}`] = (req.postDataJSON() as { sessionId: string }).sessionId;
  });
  for (const agent of [agentA, agentB]) {
    await page.goto(agent.publicChatUrl);
    await page.getByPlaceholder(PLACEHOLDER).fill('quanto é 12*7?');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('log')).toContainText('84');
  }

  const idA = sent[agentA.webhookId]!;
  const idB = sent[agentB.webhookId]!;
  expect(idA).toMatch(/^[0-9a-f]{32}$/);
  expect(idB).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set([idA, idB, legacy]).size).toBe(3);
  // History is asked for with the same secret, in the body: never in a URL.
  expect(sent[`${agentA.webhookId}/history`]).toBe(idA);
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage).filter(([key]) => key.startsWith('chat_session_id'))));
  expect(stored).toEqual({ [`chat_session_id:${agentA.webhookId}`]: idA, [`chat_session_id:${agentB.webhookId}`]: idB });

  // Each merchant's Conversas names the visitor by a label that opens nothing.
  for (const [context, agent] of [[merchantA, agentA], [merchantB, agentB]] as const) {
    const dashboard = await context.newPage();
    await dashboard.goto(`/dashboard/agents/${agent.id}/conversations`);
    await expect(dashboard.getByText(/^Visitante [0-9A-F]{6}$/).first()).toBeVisible();
    await dashboard.getByText(/^Visitante [0-9A-F]{6}$/).first().click();
    await expect(dashboard.getByRole('list', { name: 'Mensagens' })).toContainText('84');
    const html = await dashboard.content();
    for (const id of [idA, idB, legacy]) expect(html).not.toContain(id);
    await dashboard.close();
  }
  await merchantA.close();
  await merchantB.close();
});

test.describe('Content-Security-Policy (CSP enforced)', () => {
  test.use({ bypassCSP: false });

  test('blocks inline script on the app and the public chat even if markup got in', async ({ page }) => {
    for (const path of ['/login', '/public-chat/qualquer']) {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
      });
      await page.goto(path);
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inline = 1';
        document.body.appendChild(script);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__inline = 2');
        img.src = 'data:,x';
        document.body.appendChild(img);
      });
      await expect.poll(() => violations.length, { message: path }).toBeGreaterThanOrEqual(1);
      expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
    }
  });
});

test('the owner limits what one visitor may send on the public chat; past it the visitor is told, and the owner sees it', async ({ page, baseURL, browser, merchant }) => {
  const agent = await merchant.signInWithAgent('Loja com Limites');
  await page.goto(`/dashboard/agents/${agent.id}/configure`);
  const limits = page.getByRole('region', { name: 'Limites do chat público' });
  await expect(limits.getByText('Hoje nenhuma mensagem foi recusada por estes limites.')).toBeVisible();
  await limits.getByLabel('Mensagens por visitante, por dia').fill('2');
  await limits.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Limites do chat salvos!')).toBeVisible();

  const visitor = await browser.newContext({ baseURL });
  const chat = await visitor.newPage();
  await chat.goto(agent.publicChatUrl);
  const log = chat.getByRole('log');
  for (const question of ['quanto é 12*7?', 'quanto é 6*7?']) {
    await chat.getByPlaceholder(PLACEHOLDER).fill(question);
    await chat.getByRole('button', { name: 'Enviar' }).click();
  }
  await expect(log).toContainText('84');
  await expect(log).toContainText('42');
  await chat.getByPlaceholder(PLACEHOLDER).fill('quanto é 2*2?');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByText('Você atingiu o limite de mensagens deste chat por hoje. Tente novamente amanhã ou fale com a empresa por outro canal.')).toBeVisible();
  await visitor.close();

  await page.reload();
  await expect(limits.getByText('Hoje 1 mensagem foi recusada por estes limites.')).toBeVisible();
});
