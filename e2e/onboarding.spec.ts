/**
 * The first grounded answer (issue 15): a new merchant goes from the landing page to an answer taken from their
 * own PDF, on a desktop and on a phone, in at most 12 interactions. Every click, field filled and file chosen goes
 * through `act`, which counts it; waiting for the app is not an interaction.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, replies, test } from './fixtures';
import { MIME, PDF_FACT, pdfWithFacts } from './fixtures/knowledge-files';

const MAX_INTERACTIONS = 12;

function interactions() {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async click(target: Locator) {
      count += 1;
      await target.click();
    },
    async fill(target: Locator, value: string) {
      count += 1;
      await target.fill(value);
    },
    async choose(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
      count += 1;
      await input.setInputFiles(file);
    },
  };
}

async function firstGroundedAnswer(page: Page) {
  const act = interactions();
  const account = newAccount('onboarding');
  const started = Date.now();

  await page.goto('/');
  await act.click(page.getByRole('link', { name: 'Comece já' }).first());
  await expect(page).toHaveURL(/\/register/);
  await act.fill(page.getByLabel('Nome completo'), account.name);
  await act.fill(page.getByLabel('E-mail'), account.email);
  await act.fill(page.getByLabel('Empresa'), account.company);
  await act.fill(page.getByLabel('Telefone'), account.phone);
  await act.fill(page.getByLabel('Senha'), account.password);
  await act.click(page.getByRole('button', { name: 'Cadastrar' }));

  // Signed in at once, and the first agent is one click away, named after the company.
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await expect(page.getByLabel('Nome do seu primeiro agente')).toHaveValue(`Atendente ${account.company}`);
  await act.click(page.getByRole('button', { name: 'Criar agente' }));

  // The new agent's workspace opens on its knowledge, with the upload in view.
  await expect(page).toHaveURL(/\/conhecimento$/);
  const upload = page.getByLabel('Enviar Arquivos');
  await expect(page.getByText('Enviar Arquivos', { exact: true })).toBeInViewport();
  await act.choose(upload, { name: 'garantia.pdf', mimeType: MIME.pdf, buffer: pdfWithFacts() });
  const row = page.getByRole('list', { name: 'Arquivos enviados' }).getByRole('listitem', { name: 'garantia.pdf' });
  await expect(row.getByText('pronto', { exact: true })).toBeVisible({ timeout: 30_000 });

  await act.click(page.getByRole('navigation', { name: 'Seções do agente' }).getByRole('link', { name: 'Teste' }));
  const chat = page.getByRole('region', { name: 'Teste seu agente' });
  await act.fill(chat.getByPlaceholder('Digite sua mensagem...'), 'Qual é a garantia do produto?');
  await act.click(chat.getByRole('button', { name: 'Enviar' }));

  const answer = replies(chat.getByRole('log')).last();
  await expect(answer).toContainText(PDF_FACT);
  await expect(answer).toContainText('garantia.pdf');
  expect(act.count).toBeLessThanOrEqual(MAX_INTERACTIONS);
  test.info().annotations.push({ type: 'onboarding', description: `${act.count} interactions, ${Math.round((Date.now() - started) / 1000)} s` });
}

test.describe.configure({ timeout: 90_000 });

test('desktop: landing → sign-up → agent → PDF → grounded answer in at most 12 interactions', async ({ page }) => {
  await firstGroundedAnswer(page);
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the same path, on a phone, in at most 12 interactions', async ({ page }) => {
    await firstGroundedAnswer(page);
  });
});
