import AxeBuilder from '@axe-core/playwright';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Every page a merchant and a visitor open, as drawn: no accessibility violation axe-core can find (WCAG 2.x A and
 * AA rules), and nothing written to the console — no error, no warning. Noise there hides the message that matters
 * the day something breaks, and most of it is a real fault (a failed request, a React warning).
 */

function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Opens `path`, waits for its page heading (h1), drawn by the app, and checks the page with axe-core. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page, path);
}

async function expectAccessible(page: Page, path: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
}

test('the public pages: accessible, and nothing in the console', async ({ page, request }) => {
  test.slow();
  const messages = consoleOf(page);
  const { supportWebhookId } = (await (await request.get('/api/public-config')).json()) as { supportWebhookId: string };
  await open(page, '/login', 'Entrar');
  await open(page, '/register', 'Criar conta');
  await open(page, '/forgot-password', 'Esqueci minha senha');
  await open(page, '/plans', 'Planos');
  await open(page, '/terms', 'Termos de Uso');
  await open(page, '/privacy', 'Política de Privacidade');
  await page.goto(`/public-chat/${encodeURIComponent(supportWebhookId)}`);
  await expect(page.getByRole('log')).toBeVisible();
  await expectAccessible(page, 'public chat');
  expect(messages).toEqual([]);
});

test("an agent's workspace: accessible, and nothing in the console", async ({ page, merchant }) => {
  test.slow(); // axe-core reads each page whole
  const messages = consoleOf(page);
  const agent = await merchant.signInWithAgent('Loja Silenciosa');
  await expect(page.getByRole('heading', { level: 1, name: 'Agentes' })).toBeVisible();
  await expectAccessible(page, '/dashboard/agents');
  for (const section of ['teste', 'personalidade', 'conhecimento', 'canais', 'aparencia', 'conversas']) {
    await open(page, `/dashboard/agents/${agent.id}/${section}`, 'Loja Silenciosa');
  }
  expect(messages).toEqual([]);
});

test("a merchant's account pages: accessible, and nothing in the console", async ({ page, merchant }) => {
  test.slow();
  const messages = consoleOf(page);
  await merchant.signInWithAgent('Loja Silenciosa');
  await open(page, '/dashboard/inbox', 'Atendimentos');
  await open(page, '/dashboard/insights', 'Visão geral');
  await open(page, '/dashboard/customers', 'Dados de clientes (LGPD)');
  await open(page, '/dashboard/profile', 'Seus dados');
  await open(page, '/dashboard/plan', 'Meu plano');
  expect(messages).toEqual([]);
});
