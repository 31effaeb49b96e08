import { clipboard, expect, test } from './fixtures';
import { FAKE_NUMBER, metaSignature, textNotification, type SentText } from './fakes';
import { GRAPH_URL } from './global-setup';

const APP_SECRET = 'e2e-chave-secreta-do-app-0123456789';

// The server talks to the fake Graph API started by global-setup (WHATSAPP_GRAPH_URL).

test('configure WhatsApp: verify and save, copy the webhook URL and token, reopen re-verified', async ({ page, context, baseURL, merchant }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const agent = await merchant.signInWithAgent('Loja no WhatsApp');
  const card = page.getByRole('article', { name: 'Loja no WhatsApp' });
  const openButton = card.getByRole('button', { name: 'WhatsApp' });
  await openButton.hover();
  await expect(page.getByRole('tooltip', { name: 'Configurar WhatsApp' })).toBeVisible();
  await openButton.click();

  const dialog = page.getByRole('dialog', { name: 'Configurar WhatsApp' });
  // The step-by-step for Meta is there, closed until asked for.
  const guide = dialog.getByRole('group').filter({ hasText: 'Passo a passo na Meta' });
  await expect(guide.getByText('Configurações do app → Básico')).toBeHidden();
  await guide.getByText('Passo a passo na Meta').click();
  await expect(guide.getByText('Configurações do app → Básico')).toBeVisible();
  await expect(guide).toContainText('assine messages');
  const webhookUrl = `${baseURL}/chat/${agent.webhookId}`;
  await expect(dialog.getByLabel('URL do webhook', { exact: true })).toHaveValue(webhookUrl);
  await expect(dialog.getByText('Use esta URL para configurar o webhook no WhatsApp Business API')).toBeVisible();
  const tokenField = dialog.getByLabel('Token de verificação do webhook', { exact: true });
  await expect(tokenField).toHaveValue(/^[\w-]{32}$/);
  const verifyToken = await tokenField.inputValue();
  await expect(dialog.getByText('Este token é necessário para verificar as chamadas do webhook')).toBeVisible();
  await expect(dialog.getByLabel('Token da Meta', { exact: true })).toHaveAttribute('type', 'password');

  // Both credentials are required.
  const submit = dialog.getByRole('button', { name: 'Verificar e Salvar' });
  await submit.click();
  await expect(dialog.getByText('Informe o Token da Meta')).toBeVisible();
  await expect(dialog.getByText('Informe o ID do Telefone')).toBeVisible();
  await expect(dialog.getByText('Informe a Chave Secreta do Aplicativo (App Secret)')).toBeVisible();

  // A token the Graph API refuses (190) is not saved.
  await dialog.getByLabel('Token da Meta', { exact: true }).fill('EAAGtokenQueNaoExiste');
  await dialog.getByLabel('ID do Telefone', { exact: true }).fill(FAKE_NUMBER.id);
  await dialog.getByLabel('Chave Secreta do Aplicativo (App Secret)', { exact: true }).fill('0123456789abcdef0123456789abcdef');
  await submit.click();
  await expect(dialog.getByText('Falha na verificação')).toBeVisible();
  await expect(dialog.getByText(/Token da Meta inválido ou expirado/)).toBeVisible();

  await dialog.getByLabel('Token da Meta', { exact: true }).fill(FAKE_NUMBER.token);
  await submit.click();
  await expect(dialog.getByText('Configuração verificada!')).toBeVisible();
  await expect(dialog.getByText(FAKE_NUMBER.display_phone_number)).toBeVisible();
  await expect(dialog.getByText('Conectado')).toBeVisible();
  await expect(dialog.getByText('Alta')).toBeVisible();
  await expect(page.getByText('Configuração do WhatsApp salva!')).toBeVisible();

  await dialog.getByRole('button', { name: 'Copiar URL do webhook' }).click();
  await expect(dialog.getByText('Copiado!')).toBeVisible();
  expect(await clipboard(page)).toBe(webhookUrl);
  await dialog.getByRole('button', { name: 'Copiar Token de verificação do webhook' }).click();
  expect(await clipboard(page)).toBe(verifyToken);
  await expect(dialog.getByText('Copiado!')).toHaveCount(0); // the confirmation lasts 2 s

  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // Reopening loads the saved configuration and re-verifies it.
  const reverified = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith(`/api/agents/${agent.id}/whatsapp/verify`));
  await openButton.click();
  expect((await reverified).status()).toBe(200);
  await expect(dialog.getByText('Configuração verificada!')).toBeVisible();
  await expect(dialog.getByLabel('ID do Telefone', { exact: true })).toHaveValue(FAKE_NUMBER.id);
  await expect(dialog.getByLabel('Token da Meta', { exact: true })).toHaveValue('');
  await expect(dialog.getByText(/Token salvo \(••••••••0001\)/)).toBeVisible();
  await expect(dialog.getByText(/Chave salva \(••••••••cdef\)/)).toBeVisible();
  await expect(dialog.getByLabel('Token de verificação do webhook', { exact: true })).toHaveValue(verifyToken);
  // Secrets never reach the page in clear.
  expect(await page.content()).not.toContain(FAKE_NUMBER.token);
});

test('a customer writes on WhatsApp: the agent answers and the conversation shows in Conversas', async ({ page, request, baseURL, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria no WhatsApp');
  const headers = { origin: baseURL! };
  const saved = await page.request.put(`/api/agents/${agent.id}/whatsapp`, {
    data: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
    headers,
  });
  expect(saved.status()).toBe(200);

  const customer = `551197${Date.now().toString().slice(-7)}`;
  const notification = textNotification({ id: `wamid.e2e.${customer}`, from: customer, text: 'Olá, bom dia!' });
  const res = await request.post(`/chat/${agent.webhookId}`, {
    data: notification,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(notification, APP_SECRET) },
  });
  expect(res.status()).toBe(200);

  await expect
    .poll(async () => {
      const { sent } = (await (await request.get(`${GRAPH_URL}/_fake/sent`)).json()) as { sent: SentText[] };
      return sent.filter((m) => m.to === customer).length;
    })
    .toBe(1);

  await page.goto(`/dashboard/agents/${agent.id}/conversations`);
  const list = page.getByRole('navigation', { name: 'Lista de conversas' });
  const item = list.getByRole('button').filter({ hasText: 'WhatsApp' });
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(page.getByRole('region', { name: 'Conversa selecionada' }).getByText('Olá, bom dia!')).toBeVisible();
});
