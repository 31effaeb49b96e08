import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The pages a merchant and a visitor open write nothing to the console: no error, no warning. Noise there hides the
 * message that matters the day something breaks, and most of it is a real fault (a failed request, a React warning).
 */

function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Opens `path` and waits for its page heading (h1), drawn by the app. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('the public pages write nothing to the console', async ({ page, request }) => {
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
  expect(messages).toEqual([]);
});

test("a merchant's pages write nothing to the console", async ({ page, merchant }) => {
  const messages = consoleOf(page);
  const agent = await merchant.signInWithAgent('Loja Silenciosa');
  await expect(page.getByRole('heading', { level: 1, name: 'Agentes' })).toBeVisible();
  for (const [section, heading] of [
    ['teste', 'Loja Silenciosa'],
    ['personalidade', 'Loja Silenciosa'],
    ['conhecimento', 'Loja Silenciosa'],
    ['canais', 'Loja Silenciosa'],
    ['aparencia', 'Loja Silenciosa'],
    ['conversas', 'Loja Silenciosa'],
  ] as const) {
    await open(page, `/dashboard/agents/${agent.id}/${section}`, heading);
  }
  await open(page, '/dashboard/inbox', 'Atendimentos');
  await open(page, '/dashboard/insights', 'Visão geral');
  await open(page, '/dashboard/customers', 'Dados de clientes (LGPD)');
  await open(page, '/dashboard/profile', 'Seus dados');
  await open(page, '/dashboard/plan', 'Meu plano');
  expect(messages).toEqual([]);
});
