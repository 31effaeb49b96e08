import type { Page } from '@playwright/test';
import { expect, newAccount, register, test } from './fixtures';

// The e2e server runs without Mercado Pago credentials: payments go through the built-in sandbox checkout.

async function openPlanPage(page: Page) {
  await page.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('menuitem', { name: 'Meu plano' }).click();
  await expect(page).toHaveURL(/\/dashboard\/plan$/);
}

test('pick Essencial → register (signed in at once) → approve in the sandbox → Essencial with 2 agents', async ({ page }) => {
  test.setTimeout(60_000); // checkout round trips and the 3 s / 5 s redirects
  const account = newAccount('assinante');

  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Planos' })).toBeVisible();
  for (const name of ['Gratuito', 'Essencial', 'Pro', 'Enterprise']) {
    await expect(page.getByRole('article', { name })).toBeVisible();
  }
  await expect(page.getByRole('article', { name: 'Essencial' })).toContainText('Mais Popular');
  await expect(page.getByRole('link', { name: 'Começar Grátis' })).toHaveAttribute('href', '/register?plan=free');
  await expect(page.getByRole('link', { name: 'Falar com Vendas' })).toHaveAttribute('href', '/register?plan=enterprise');
  await page.getByRole('button', { name: 'Assinar Essencial' }).click();

  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Plano selecionado: Essencial')).toBeVisible();
  await register(page, account);

  // /payment creates the subscription and hands the browser to the (sandbox) checkout.
  await expect(page).toHaveURL(/\/sandbox-checkout\/[0-9a-f]{32}$/);
  await expect(page.getByRole('note')).toHaveText('Ambiente de teste — nenhuma cobrança real');
  await expect(page.getByText('Atende — Plano Essencial')).toBeVisible();
  await expect(page.getByText('R$ 149,00 por mês')).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByRole('button', { name: 'Aprovar' }).click();

  await expect(page).toHaveURL(/\/payment\/success\?preapproval_id=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Pagamento Aprovado!' })).toBeVisible();
  await expect(page.getByText('Seu plano Essencial está ativo.')).toBeVisible();
  // After 3 s, the dashboard.
  await expect(page).toHaveURL(/\/dashboard\/agents$/, { timeout: 15_000 });
  await expect(page.getByText('0/2 agentes criados')).toBeVisible();

  await openPlanPage(page);
  await expect(page.getByRole('heading', { name: 'Essencial' })).toBeVisible();
  await expect(page.getByText('Aprovado').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Agentes' })).toHaveAttribute('aria-valuemax', '2');
  await expect(page.getByRole('progressbar', { name: 'Mensagens' })).toHaveAttribute('aria-valuemax', '1000');
  const history = page.getByRole('table');
  await expect(history).toContainText('Essencial');
  await expect(history).toContainText('R$ 149,00');

  // Cancelling (with confirmation) goes back to Gratuito.
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Agentes além do limite serão desativados, não excluídos.');
  await dialog.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(page.getByText('Assinatura cancelada. Sua conta agora está no plano Gratuito.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gratuito' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar assinatura' })).toHaveCount(0);
  // Gratuito is active, from the day the paid plan ended (never 'Pendente').
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(page.getByText('Pendente', { exact: true })).toHaveCount(0);
});

test('a forged success URL changes nothing; a rejected payment goes back to the plan page', async ({ page, merchant }) => {
  test.setTimeout(60_000); // checkout round trips and the 3 s / 5 s redirects
  await merchant.signIn();

  await page.goto('/payment/success?preapproval_id=2c938084726fca480172750000000000&status=authorized');
  await expect(page.getByRole('heading', { name: 'Pagamento não encontrado' })).toBeVisible();
  await expect(page.getByText('Seu plano não foi alterado.')).toBeVisible();

  // Signed in: 'Assinar Pro' goes straight to checkout.
  await page.goto('/plans');
  await page.getByRole('button', { name: 'Assinar Pro' }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await page.getByRole('button', { name: 'Recusar' }).click();
  await expect(page).toHaveURL(/\/payment\/failure/);
  await expect(page.getByRole('heading', { name: 'Pagamento não aprovado' })).toBeVisible();
  // After 5 s, 'Meu plano', still on Gratuito.
  await expect(page).toHaveURL(/\/dashboard\/plan$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Gratuito' })).toBeVisible();
  await expect(page.getByText('Nenhum pagamento registrado ainda.')).toBeVisible();
});

test('a signed-out visit to /payment goes to registration, keeping the plan and the way back', async ({ page }) => {
  await page.goto('/payment?plan=pro');
  await expect(page).toHaveURL(/\/register\?plan=pro&returnTo=%2Fpayment%3Fplan%3Dpro$/);
  await expect(page.getByText('Plano selecionado: Pro')).toBeVisible();
});

test('switching a paid plan says first what is charged and what happens to the current subscription', async ({ page, merchant }) => {
  test.setTimeout(60_000);
  await merchant.signIn();
  await page.goto('/plans');
  await page.getByRole('button', { name: 'Assinar Essencial' }).click();
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByRole('heading', { name: 'Pagamento Aprovado!' })).toBeVisible();

  await page.goto('/plans');
  await expect(page.getByRole('article', { name: 'Essencial' })).toContainText('Seu plano atual');
  await page.getByRole('button', { name: 'Assinar Pro' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Mudar para o plano Pro?' });
  await expect(dialog).toContainText('cobrada a partir de hoje: R$ 289,00 por mês');
  await expect(dialog).toContainText('a assinatura do plano Essencial é cancelada no Mercado Pago');
  await expect(dialog).toContainText('O valor já pago pelo plano Essencial neste mês não é devolvido.');
  await dialog.getByRole('button', { name: 'Manter o Essencial' }).click();
  await expect(page).toHaveURL(/\/plans$/);

  await page.getByRole('button', { name: 'Assinar Pro' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await expect(page.getByText('R$ 289,00 por mês')).toBeVisible();
});
