import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, publicAgent, test } from './fixtures';

const PLACEHOLDER = 'Digite sua mensagem...';

test('/public-chat without an id says the link is invalid', async ({ page }) => {
  await page.goto('/public-chat');
  await expect(page.getByRole('heading', { name: 'Link de chat inválido' })).toBeVisible();
});

test('an unknown or inactive agent: the chat is unavailable', async ({ page }) => {
  await page.goto('/public-chat/nao-existe-0000');
  await expect(page.getByRole('heading', { name: 'Este chat não está disponível no momento' })).toBeVisible();
  await expect(page.getByPlaceholder(PLACEHOLDER)).toHaveCount(0);
});

test('public chat: agent name, an answer, history after reload, Nova conversa', async ({ page, merchant }) => {
  const agent = await merchant.agentViaApi();
  await page.goto(agent.publicChatUrl);
  await expect(page.getByRole('heading', { name: 'Loja Teste' })).toBeVisible();
  await expect(page).toHaveTitle(/Loja Teste/);

  const input = page.getByPlaceholder(PLACEHOLDER);
  const send = page.getByRole('button', { name: 'Enviar' });
  const log = page.getByRole('log');
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();

  await input.fill('  quanto é 12*7?  ');
  await send.click();
  await expect(log.getByText('quanto é 12*7?', { exact: true })).toBeVisible();
  await expect(log).toContainText('84');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  // The message log scrolls, so it can be focused and scrolled from the keyboard.
  const axe = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
  expect(axe.violations).toEqual([]);
  await expect(log).toHaveAttribute('tabindex', '0');

  // One secret session per agent: 128 random bits under a key that names the agent.
  const storedSession = () => page.evaluate((key) => localStorage.getItem(key), `chat_session_id:${agent.webhookId}`);
  const sessionId = await storedSession();
  expect(sessionId).toMatch(/^[0-9a-f]{32}$/);

  await page.reload();
  await expect(log.getByText('quanto é 12*7?', { exact: true })).toBeVisible();
  await expect(log).toContainText('84');
  expect(await storedSession()).toBe(sessionId);

  await page.getByRole('button', { name: 'Nova conversa' }).click();
  await expect(log.getByText('quanto é 12*7?', { exact: true })).toBeHidden();
  const newSessionId = await storedSession();
  expect(newSessionId).not.toBe(sessionId);
  await page.reload();
  await expect(page.getByText('Envie uma mensagem para começar a conversa.')).toBeVisible();
  await expect(log).not.toContainText('84');
});

/** Serves a fake agent on the page's network: the rendering and error paths, without a model. */
async function fakeAgent(page: Page, reply: (route: Parameters<Parameters<Page['route']>[1]>[0]) => Promise<void>) {
  await page.route('**/webhook/fake-agent/history', (route) => route.fulfill({ json: { messages: [] } }));
  await page.route('**/webhook/fake-agent', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: publicAgent('Agente Falso', 'fake-agent') }) : reply(route),
  );
  await page.goto('/public-chat/fake-agent');
  await expect(page.getByRole('heading', { name: 'Agente Falso' })).toBeVisible();
}

const sse = (...events: Array<[string, unknown]>) =>
  events.map(([event, data]) => `: ping\n\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

test('replies render as markdown without raw HTML or unsafe links', async ({ page }) => {
  const reply =
    '**Negrito** e [site](https://example.com/loja) e [perigo](javascript:alert(1)) e ' +
    '<img src=x onerror="window.__xss=1"> e ![imagem](https://example.com/x.png)';
  const sent: Array<{ accept?: string; body: unknown }> = [];
  await fakeAgent(page, async (route) => {
    sent.push({ accept: route.request().headers()['accept'], body: route.request().postDataJSON() });
    await route.fulfill({
      headers: { 'Content-Type': 'text/event-stream' },
      body: sse(['token', { delta: reply.slice(0, 20) }], ['token', { delta: reply.slice(20) }], ['done', { output: reply }]),
    });
  });
  await page.getByPlaceholder(PLACEHOLDER).fill('oi');
  await page.getByRole('button', { name: 'Enviar' }).click();

  const log = page.getByRole('log');
  await expect(log.locator('strong', { hasText: 'Negrito' })).toBeVisible();
  expect(sent).toEqual([{ accept: 'text/event-stream', body: { message: 'oi', sessionId: expect.any(String) } }]);
  const safe = log.getByRole('link', { name: 'site' });
  await expect(safe).toHaveAttribute('href', 'https://example.com/loja');
  await expect(safe).toHaveAttribute('target', '_blank');
  await expect(safe).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  // The unsafe link is an inert anchor; raw HTML shows as text; images are never loaded.
  await expect(log.locator('a', { hasText: 'perigo' })).not.toHaveAttribute('href');
  await expect(log).toContainText('<img src=x onerror="window.__xss=1">');
  await expect(log.locator('img')).toHaveCount(0);
  await expect(log.getByRole('link', { name: 'imagem' })).toHaveAttribute('href', 'https://example.com/x.png');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('a failed send shows the error bubble and box, and the retry sends it again', async ({ page }) => {
  let fail = true;
  await fakeAgent(page, (route) =>
    fail
      ? route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down', userMessage: 'Fora do ar.' } } })
      : route.fulfill({ json: { output: 'Tudo certo agora!' } }),
  );
  const input = page.getByPlaceholder(PLACEHOLDER);
  await input.fill('Olá');
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page.getByText('Não foi possível enviar a mensagem. Tente novamente.')).toBeVisible();
  const errorBox = page.getByRole('alert');
  await expect(errorBox).toContainText('Erro de conexão');
  await expect(errorBox).toContainText('O serviço de chat está indisponível no momento.');
  await expect(input).toHaveValue('Olá');

  fail = false;
  await errorBox.getByRole('button', { name: 'Tentar conectar novamente' }).click();
  const log = page.getByRole('log');
  await expect(log).toContainText('Tudo certo agora!');
  await expect(log.getByText('Olá', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Não foi possível enviar a mensagem. Tente novamente.')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(input).toHaveValue('');
});

test('the popup widget on a merchant page opens the chat and answers', async ({ page, baseURL, merchant }) => {
  const agent = await merchant.agentViaApi();
  const snippet = `<script src="${baseURL}/widget.js" data-atende-agent="${agent.webhookId}" async></script>`;
  // Pasted twice on purpose: the widget must mount once.
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja da Carla</title></head>
<body><h1>Loja da Carla</h1>${snippet}${snippet}</body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const launcher = page.getByRole('button', { name: 'Abrir chat de atendimento' });
    await expect(launcher).toHaveCount(1);
    expect(await launcher.boundingBox()).toMatchObject({ width: 60, height: 60 });
    expect(await page.evaluate(() => Object.keys(window).filter((key) => /atende/i.test(key)))).toEqual([]);

    await launcher.click();
    const frame = page.locator('iframe[title="Chat de atendimento"]');
    expect(await frame.boundingBox()).toMatchObject({ width: 400, height: 600 });
    const chat = page.frameLocator('iframe[title="Chat de atendimento"]');
    await expect(chat.getByRole('heading', { name: 'Loja Teste' })).toBeVisible();
    await chat.getByPlaceholder(PLACEHOLDER).fill('quanto é 12*7?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await expect(chat.getByRole('log')).toContainText('84');

    await page.getByRole('button', { name: 'Fechar chat de atendimento' }).click();
    await expect(frame).toBeHidden();
    await expect(launcher).toBeFocused();

    // On a phone the chat takes the whole screen and closes from inside the panel.
    await page.setViewportSize({ width: 390, height: 844 });
    await launcher.click();
    await expect(chat.getByRole('log')).toContainText('84');
    expect(await frame.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await page.getByRole('button', { name: 'Fechar chat', exact: true }).click();
    await expect(frame).toBeHidden();
  } finally {
    server.close();
  }
});

/** A merchant's page embedding `snippet`, served on 127.0.0.1 (another origin than the chat's). */
async function merchantSite(snippet: string) {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja</title></head><body><h1>Loja</h1>${snippet}</body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

test('the popup widget: a long name stays clear of the close button, and Escape inside the chat closes it', async ({ page, baseURL, merchant }) => {
  const name = 'Empório da Carla Mendes · Produtos Naturais, Orgânicos e Mel';
  expect(name).toHaveLength(60);
  const agent = await merchant.agentViaApi(name);
  const site = await merchantSite(`<script src="${baseURL}/widget.js" data-atende-agent="${agent.webhookId}" async></script>`);
  try {
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Abrir chat de atendimento' }).click();
    const frame = page.locator('iframe[title="Chat de atendimento"]');
    const chat = page.frameLocator('iframe[title="Chat de atendimento"]');
    const title = chat.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(name);
    const close = page.getByRole('button', { name: 'Fechar chat', exact: true });
    // The widget's X sits over the framed page's header: the title (and its ellipsis) ends before it.
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(async () => {
          const [t, x] = await Promise.all([title.boundingBox(), close.boundingBox()]);
          return t && x ? Math.round(x.x - (t.x + t.width)) : -Infinity;
        })
        .toBeGreaterThanOrEqual(0);
    }

    // The focus is inside the chat's frame, where the widget's own keydown listener hears nothing.
    await chat.getByPlaceholder(PLACEHOLDER).click();
    await page.keyboard.press('Escape');
    await expect(frame).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir chat de atendimento' })).toBeFocused();
  } finally {
    site.close();
  }
});
