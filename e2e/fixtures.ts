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

export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
