import type { Agent } from '@atende/shared';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/** Seeds an account, signs in through the form and creates an agent with that session; ends on the agents page. */
export async function signInWithAgent(page: Page, request: APIRequestContext, baseURL: string, name: string): Promise<Agent> {
  const account = await seedAccount(request, baseURL);
  await page.goto('/login');
  await logIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  const agent = await postAgent(page.request, baseURL, name);
  await page.reload();
  return agent;
}
