import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test } from '@playwright/test';
import { logIn, seedAccount } from './fixtures';

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

test("'Esqueci minha senha': the e-mailed link sets a new password, and it signs in", async ({ page, request, baseURL }) => {
  const account = await seedAccount(request, baseURL!);
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
