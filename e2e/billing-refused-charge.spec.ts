/**
 * 'Meu plano' after Mercado Pago refused a monthly charge (docs/product.md §4). The suite's server pays through the
 * sandbox, which charges nothing, so this spec starts a second server of the same build pointed at the fake Mercado
 * Pago on 127.0.0.1, and plays Mercado Pago's notifications of the charges.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { startFakeMercadoPago, type FakeMercadoPago } from './fakes';
import { expect, logIn, newAccount, test } from './fixtures';

interface PaidServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The built server (apps/server/dist/main.js) on its own data directory, with Mercado Pago at `mp`. */
async function startServerWithMercadoPago(mp: FakeMercadoPago, request: APIRequestContext): Promise<PaidServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-e2e-mp-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MERCADOPAGO_ACCESS_TOKEN: mp.token,
      MERCADOPAGO_API_URL: mp.url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Start-up syncs the support agent's knowledge: up to a minute on a loaded machine.
  await expect
    .poll(async () => (await request.get(`${url}/api/health`, { failOnStatusCode: false }).catch(() => null))?.status() ?? 0, {
      timeout: 150_000,
      intervals: [250, 500, 1000],
    })
    .toBe(200);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// One server for the file: its tests run in order in one worker (the suite is fullyParallel otherwise).
test.describe.configure({ mode: 'default' });

let mp: FakeMercadoPago;
let server: PaidServer;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  mp = await startFakeMercadoPago();
  const request = await playwright.request.newContext();
  server = await startServerWithMercadoPago(mp, request);
  await request.dispose();
});
test.afterAll(async () => {
  await server?.stop();
  await mp?.close();
});

test('a refused monthly charge: Meu plano and the pricing page say what happened, and the plan can be paid again with another card', async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  const { url } = server;
  const api = await playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
  const account = newAccount('recusado');
  expect((await api.post('/api/auth/sign-up/email', { data: account })).status()).toBe(200);

  // Essencial, authorized at Mercado Pago and confirmed.
  const checkout = await api.post('/api/billing/subscriptions', { data: { plan: 'essencial' } });
  expect(checkout.status()).toBe(200);
  const preapprovalId = new URL(((await checkout.json()) as { init_point: string }).init_point).searchParams.get('preapproval_id')!;
  mp.setStatus(preapprovalId, 'authorized');
  expect((await api.post('/api/billing/confirm', { data: { preapproval_id: preapprovalId } })).status()).toBe(200);

  // Mercado Pago's notifications: the first month charged R$ 148,50 (a discount), the next one refused.
  const charge = async (id: number, paymentId: number, status: string, amount: number) => {
    mp.authorizedPayments.set(String(id), {
      id,
      preapproval_id: preapprovalId,
      status: 'processed',
      transaction_amount: amount,
      currency_id: 'BRL',
      payment: { id: paymentId, status },
    });
    const res = await api.post(`/api/webhooks/mercadopago?data.id=${id}&type=subscription_authorized_payment`, {
      data: { action: 'created', type: 'subscription_authorized_payment', data: { id: String(id) } },
    });
    expect(res.status()).toBe(200);
  };
  await charge(7001, 9001, 'approved', 148.5);
  await charge(7002, 9002, 'rejected', 149);
  await api.dispose();

  await page.goto(`${url}/login`);
  await logIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await page.goto(`${url}/dashboard/plan`);

  const notice = page.getByRole('region', { name: 'O Mercado Pago recusou a cobrança da sua assinatura' });
  await expect(notice).toBeVisible();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(notice).toContainText(`A cobrança de R$ 149,00 do plano Essencial em ${today} não foi aprovada.`);
  await expect(notice).toContainText('Seu plano continua ativo por enquanto');
  await expect(notice).toContainText('Confira o cartão da assinatura na sua conta do Mercado Pago');
  await expect(page.getByRole('heading', { name: 'Essencial', exact: true })).toBeVisible();
  await expect(page.getByText('Recusado').first()).toBeVisible();
  // The history in centavos.
  const history = page.getByRole('table');
  await expect(history).toContainText('R$ 148,50');
  await expect(history).toContainText('R$ 149,00');

  // 'Assinar o Essencial com outro cartão': a new checkout of the same plan at Mercado Pago.
  await page.route('https://www.mercadopago.com.br/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mercado Pago</title><h1>Checkout do Mercado Pago</h1>' }),
  );
  await notice.getByRole('button', { name: 'Assinar o Essencial com outro cartão' }).click();
  await expect(page).toHaveURL(/^https:\/\/www\.mercadopago\.com\.br\/subscriptions\/checkout\?preapproval_id=[0-9a-f]{32}$/);
  const created = () => mp.requests.filter((r) => r.method === 'POST' && r.path === '/preapproval');
  expect(created()).toHaveLength(2);
  expect(created()[1]!.body).toMatchObject({ reason: 'Atende — Plano Essencial', payer_email: account.email });

  // The pricing page offers the same on the current plan's card, instead of 'Ver meu plano' (the charge is still
  // refused: the checkout just started is not paid).
  await page.goto(`${url}/plans`);
  const card = page.getByRole('article', { name: 'Essencial', exact: true });
  await expect(card).toContainText('Seu plano atual');
  await expect(card).toContainText('O Mercado Pago recusou a última cobrança do seu plano.');
  await expect(card.getByRole('link', { name: 'Ver meu plano' })).toHaveCount(0);
  const repay = card.getByRole('button', { name: 'Assinar o Essencial com outro cartão' });
  await expect(repay).toHaveAccessibleDescription(
    'O Mercado Pago recusou a última cobrança do seu plano. A assinatura recusada é cancelada assim que o novo pagamento for aprovado.',
  );
  // The other plans are unchanged: Pro is a change of plan, with its confirmation.
  await expect(page.getByRole('article', { name: 'Pro', exact: true }).getByRole('button', { name: 'Assinar Pro' })).toBeVisible();
  await repay.click();
  await expect(page).toHaveURL(/^https:\/\/www\.mercadopago\.com\.br\/subscriptions\/checkout\?preapproval_id=[0-9a-f]{32}$/);
  expect(created()).toHaveLength(3);
  expect(created()[2]!.body).toMatchObject({ reason: 'Atende — Plano Essencial', payer_email: account.email });
});

test('no notice while the charges are paid', async ({ page, playwright }) => {
  const { url } = server;
  const api = await playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
  const account = newAccount('pago');
  expect((await api.post('/api/auth/sign-up/email', { data: account })).status()).toBe(200);
  const checkout = await api.post('/api/billing/subscriptions', { data: { plan: 'pro' } });
  const preapprovalId = new URL(((await checkout.json()) as { init_point: string }).init_point).searchParams.get('preapproval_id')!;
  mp.setStatus(preapprovalId, 'authorized');
  expect((await api.post('/api/billing/confirm', { data: { preapproval_id: preapprovalId } })).status()).toBe(200);
  await api.dispose();

  await page.goto(`${url}/login`);
  await logIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await page.goto(`${url}/dashboard/plan`);
  await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();
  await expect(page.getByText('Aprovado').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'O Mercado Pago recusou a cobrança da sua assinatura' })).toHaveCount(0);

  // Paid: the pricing page's card of the current plan leads to 'Meu plano', with nothing to pay again.
  await page.goto(`${url}/plans`);
  const card = page.getByRole('article', { name: 'Pro', exact: true });
  await expect(card.getByRole('link', { name: 'Ver meu plano' })).toBeVisible();
  await expect(card.getByRole('button', { name: /com outro cartão/ })).toHaveCount(0);
  await expect(card).not.toContainText('recusou');
});
