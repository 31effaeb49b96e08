import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, logIn, test } from './fixtures';

/** The server's outbox (no SMTP_URL in end-to-end runs): each e-mail is an .eml file under DATA_DIR/outbox. */
async function resetLinkFor(email: string): Promise<string | null> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const mail = await simpleParser(await readFile(path.join(dir, name)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.text.includes(email) && mail.subject === 'Redefinição da sua senha do Atende') {
      return /https?:\/\/\S+\/reset-password\?token=\w+/.exec(mail.text ?? '')?.[0] ?? null;
    }
  }
  return null;
}

test("'Esqueci minha senha': the e-mailed link sets a new password, and it signs in", async ({ page, merchant }) => {
  const account = await merchant.seed();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(`Se existir uma conta com o e-mail ${account.email}`)).toBeVisible();

  let link: string | null = null;
  await expect.poll(async () => (link = await resetLinkFor(account.email)), { timeout: 20_000 }).not.toBeNull();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-do-cafe');
  await page.getByLabel('Confirme a nova senha').fill('nova-senha-do-cafe');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada!')).toBeVisible();

  // The link works once.
  await page.reload();
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-qualquer');
  await page.getByLabel('Confirme a nova senha').fill('outra-senha-qualquer');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Este link de redefinição expirou ou já foi usado. Peça um novo.')).toBeVisible();

  await page.goto('/login');
  await logIn(page, { email: account.email, password: 'nova-senha-do-cafe' });
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
});

test("'Seus dados': edit the profile, change the password, then delete the account for good", async ({ page, merchant }) => {
  test.setTimeout(90_000);
  const account = await merchant.signIn();
  await page.goto('/dashboard/profile');

  // No internal ids on screen.
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  await expect(page.getByLabel('Nome completo')).toHaveValue(account.name);
  expect(await page.content()).not.toContain(me.id);

  await page.getByLabel('Telefone').fill('123');
  await page.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(page.getByText(/^Telefone inválido/)).toBeVisible();
  await expect(page.getByTestId('user-badge')).toHaveText(/Carla Mendes$/);
  await page.getByLabel('Nome completo').fill('Carla Mendes Souza');
  await page.getByLabel('Empresa').fill('Café da Carla & Filhos');
  await page.getByLabel('Telefone').fill('(21) 99999-1234');
  await page.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(page.getByText('Dados salvos!')).toBeVisible();
  // The sidebar's badge follows at once, without a reload.
  await expect(page.getByTestId('user-badge')).toHaveText(/Carla Mendes Souza$/);
  await page.reload();
  await expect(page.getByLabel('Empresa')).toHaveValue('Café da Carla & Filhos');

  await page.getByLabel('Senha atual').fill('senha-errada-123');
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-do-cafe');
  await page.getByLabel('Confirme a nova senha').fill('senha-nova-do-cafe');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha atual incorreta')).toBeVisible();
  await page.getByLabel('Senha atual').fill(account.password);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada! As outras sessões foram encerradas.')).toBeVisible();

  await page.getByRole('button', { name: 'Excluir conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir conta' });
  await dialog.getByLabel('Sua senha').fill(account.password);
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(dialog.getByText('Senha incorreta.')).toBeVisible();
  await dialog.getByLabel('Sua senha').fill('senha-nova-do-cafe');
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sua conta foi excluída. Enviamos uma confirmação por e-mail.')).toBeVisible();

  await logIn(page, { email: account.email, password: 'senha-nova-do-cafe' });
  await expect(page.getByText('E-mail ou senha inválidos')).toBeVisible();
});
