import { expect, logIn, newAccount, register, test } from './fixtures';

test('register (signed in at once) → Seus dados → token → Sair', async ({ page, context, baseURL, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = newAccount();

  await page.goto('/register');
  await register(page, account);

  // Sign-up signs you in (issue 15): straight to the dashboard.
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agentes' })).toBeVisible();
  await expect(page.getByTestId('user-badge')).toContainText(account.name);

  await page.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('menuitem', { name: 'Seus dados' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByLabel('Empresa')).toHaveValue(account.company);
  await expect(page.getByLabel('Telefone')).toHaveValue(account.phone);

  await page.getByRole('button', { name: 'Gerar Token' }).click();
  const tokenField = page.getByLabel('Seu token');
  await expect(tokenField).toHaveValue(/.{32,}/);
  const token = await tokenField.inputValue();
  await expect(page.getByText('Authorization: Bearer <token>')).toBeVisible();

  await page.getByRole('button', { name: 'Copiar token' }).click();
  await expect(page.getByText('Token copiado com sucesso!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(page.getByText('Token copiado com sucesso!')).toBeHidden({ timeout: 5_000 });

  // The token really works as a bearer token on the API.
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: account.email, company: account.company });

  await page.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);

  // Signing out revoked the session on the server (the page goes home first, then signs out).
  await expect.poll(async () => (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test('a protected page sends a signed-out visitor to login and back', async ({ page, merchant }) => {
  const account = await merchant.seed();
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard%2Fprofile/);
  await logIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: 'Seus dados' })).toBeVisible();
  // History was replaced: going back does not return to the login form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
});

test('login errors are shown in pt-BR', async ({ page, merchant }) => {
  const account = await merchant.seed();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail e senha são obrigatórios');
  await logIn(page, { email: account.email, password: 'senha-errada' });
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
});

test('/dashboard redirects to the agents page; the sidebar collapses', async ({ page, merchant }) => {
  await merchant.signIn();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await expect(page.getByRole('link', { name: 'Meus Agentes' })).toBeVisible();
  await page.getByRole('button', { name: 'Recolher menu' }).click();
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  await expect(page.getByText('Meus Agentes')).toBeHidden();
  // The settings menu closes on an outside click.
  await page.getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('menuitem', { name: 'Meu plano' })).toBeVisible();
  // Radix arms its outside-click listener one task after the menu opens; on a loaded machine a click right after the
  // menu shows can land before that, as a person's second click would, so the click is repeated until the menu closes.
  await expect(async () => {
    await page.mouse.click(10, 500);
    await expect(page.getByRole('menuitem', { name: 'Meu plano' })).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
});

test('legal pages link back home; unknown routes get a friendly 404', async ({ page, baseURL }) => {
  for (const [path, title] of [
    ['/terms', 'Termos de Uso'],
    ['/privacy', 'Política de Privacidade'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Última atualização: 17/01/2025')).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  }
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('signing up with an e-mail that already has an account says an e-mail was sent, and opens nothing', async ({ page, merchant }) => {
  const account = await merchant.seed();
  await page.goto('/register');
  await register(page, { ...account, password: 'outra-senha-qualquer' });
  await expect(page.getByText(`Enviamos um e-mail para ${account.email} com os próximos passos.`)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
