import { defaultAppearance, type Agent, type PublicAgent } from '@atende/shared';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export { expect };

let counter = 0;

export interface Account {
  name: string;
  email: string;
  password: string;
  company: string;
  phone: string;
}

export function newAccount(prefix = 'lojista'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    name: 'Carla Mendes',
    email: `${prefix}-${id}@example.com`,
    password: 'senha-muito-segura',
    company: 'Café da Carla',
    phone: '(11) 97777-6666',
  };
}

/** Creates an account through the API (faster than the form, used when the form is not under test). */
export async function seedAccount(request: APIRequestContext, baseURL: string, account = newAccount()) {
  const res = await request.post('/api/auth/sign-up/email', { data: account, headers: { origin: baseURL } });
  expect(res.status()).toBe(200);
  return account;
}

/** Fills and submits the registration form (the page must be on /register). */
export async function register(page: Page, account: Account) {
  await page.getByLabel('Nome completo').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Empresa').fill(account.company);
  await page.getByLabel('Telefone').fill(account.phone);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
}

export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * Creates an account, signs it in on this request context (which keeps the
 * cookie) and creates an active agent through the API. Returns the agent.
 */
export async function createAgentViaApi(request: APIRequestContext, baseURL: string, name = 'Loja Teste'): Promise<Agent> {
  const account = await seedAccount(request, baseURL);
  const headers = { origin: baseURL };
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
  expect(signIn.status()).toBe(200);
  return postAgent(request, baseURL, name);
}

/** Creates an agent with the session of `request` (201, active at once). */
async function postAgent(request: APIRequestContext, baseURL: string, name: string): Promise<Agent> {
  const res = await request.post('/api/agents', { data: { name }, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  const agent = (await res.json()) as Agent;
  expect(agent.active).toBe(true);
  return agent;
}

/** Sends a chat message and waits until the reply is complete (the button says 'Enviar' again). */
export async function ask(scope: Locator | Page, text: string) {
  await scope.getByPlaceholder('Digite sua mensagem...').fill(text);
  await scope.getByRole('button', { name: 'Enviar' }).click();
  await expect(scope.getByRole('button', { name: 'Enviando...' })).toHaveCount(0);
}

/** The agent's bubbles in a chat log (each starts with the screen-reader label 'Atendente:'). */
export const replies = (log: Locator) => log.getByText(/^Atendente:/).locator('xpath=..');

/** What the page's clipboard holds (the context needs 'clipboard-read'). */
export const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** What GET /webhook/{id} answers for an agent with the default look (for specs that fake the server's answers). */
export const publicAgent = (name: string, webhookId: string): PublicAgent => ({
  name,
  webhookId,
  appearance: { ...defaultAppearance, displayName: name, avatarUrl: null },
});

/** A merchant driven through the test's own page and request context. */
export interface Merchant {
  /** An account created through the API, not signed in. */
  seed(account?: Account): Promise<Account>;
  /** Seeds an account (or uses `account`) and signs in through the login form; ends on the agents page. */
  signIn(account?: Account): Promise<Account>;
  /** Creates an active agent with the page's session (faster than the form when it is not under test). */
  createAgent(name: string): Promise<Agent>;
  /** Signs in through the form, creates an agent and reloads the agents page to show it. */
  signInWithAgent(name: string): Promise<Agent>;
  /** An account and an agent on the test's `request` context only (the page stays signed out). */
  agentViaApi(name?: string): Promise<Agent>;
}

export const test = base.extend<{ merchant: Merchant }>({
  merchant: async ({ page, request, baseURL }, use) => {
    const origin = baseURL!;
    const merchant: Merchant = {
      seed: (account) => seedAccount(request, origin, account),
      async signIn(account) {
        const seeded = await seedAccount(request, origin, account);
        await page.goto('/login');
        await logIn(page, seeded);
        await expect(page).toHaveURL(/\/dashboard\/agents$/);
        return seeded;
      },
      createAgent: (name) => postAgent(page.request, origin, name),
      async signInWithAgent(name) {
        await merchant.signIn();
        const agent = await merchant.createAgent(name);
        await page.reload();
        return agent;
      },
      agentViaApi: (name) => createAgentViaApi(request, origin, name),
    };
    await use(merchant);
  },
});
