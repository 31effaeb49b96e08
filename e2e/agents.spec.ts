import type { AgentList } from '@atende/shared';
import type { Page } from '@playwright/test';
import { ask, clipboard, expect, replies, test } from './fixtures';

const agentCard = (page: Page, name: string) => page.getByRole('article', { name });

// Whole journeys (an agent created, chatted with, shared, visited and read back): 12 s alone, twice that and more beside
// another worker on two busy cores, where the first journey ran out of the default 30 s.
test.describe.configure({ timeout: 60_000 });

test('create an agent, test its chat, share the public link and keep the history', async ({ page, context, baseURL, merchant }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await merchant.signIn();
  await expect(page.getByText('Você ainda não tem agentes')).toBeVisible();
  await expect(page.getByText('0/1 agentes criados')).toBeVisible();

  let creations = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/agents') creations += 1;
  });
  await page.getByRole('link', { name: 'Criar novo agente' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-agent$/);
  const nameField = page.getByLabel('Nome do agente');
  await expect(nameField).toHaveAttribute('placeholder', /Ex\./);
  // A whitespace-only name does nothing.
  await nameField.fill('   ');
  await page.getByRole('button', { name: 'Criar agente' }).click();
  await expect(nameField).toBeEnabled();
  await nameField.fill('  Assistente da Loja  ');
  await page.getByRole('button', { name: 'Criar agente' }).click();
  await expect(page.getByText('Agente criado com sucesso!')).toBeVisible();
  // Straight into the new agent's workspace, on its knowledge, with the first steps to go.
  await expect(page).toHaveURL(/\/dashboard\/agents\/[\w-]+\/conhecimento$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assistente da Loja' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conhecimento', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Primeiros passos' })).toContainText('Teste (a fazer)');
  expect(creations).toBe(1);

  // Listed under its trimmed name, active at once; the free plan is now at its limit.
  await page.getByRole('link', { name: 'Voltar para Agentes' }).click();
  const card = agentCard(page, 'Assistente da Loja');
  await expect(card).toBeVisible();
  await expect(card.getByRole('switch')).toBeChecked();
  await expect(card.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Criado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByText('1/1 agentes criados')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar novo agente' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Atualize seu plano para criar mais agentes' })).toHaveAttribute('href', '/plans');

  // 'Teste seu Chat' answers in offline mode: a greeting and the calculator.
  await card.getByRole('button', { name: 'Chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Teste seu Chat' });
  const log = chat.getByRole('log');
  await ask(chat, 'Olá');
  await expect(replies(log)).toHaveCount(1);
  await ask(chat, 'quanto é 12*7?');
  await expect(replies(log)).toHaveCount(2);
  await expect(replies(log).last()).toContainText('84');
  await expect(log.getByText(/^Erro:/)).toHaveCount(0);

  // 'Link' opens 'Compartilhar Chat' on top of the chat.
  await chat.getByRole('button', { name: 'Link', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Compartilhar Chat' });
  const link = await share.getByLabel('Link público do chat').inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/public-chat/[\\w-]+$`));
  await share.getByRole('button', { name: 'Copiar link' }).click();
  await expect(share.getByText('Link copiado com sucesso!')).toBeVisible();
  expect(await clipboard(page)).toBe(link);
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // 'Código' from the chat: both snippets copy.
  await chat.getByRole('button', { name: 'Código', exact: true }).click();
  const code = page.getByRole('dialog', { name: 'Código de Integração' });
  await expect(code.getByText('Copie e cole este código onde deseja exibir o chat em seu site:')).toBeVisible();
  await code.getByRole('button', { name: 'Copiar código' }).click();
  await expect(code.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  await expect(code.getByText('Código copiado com sucesso!')).toBeVisible();
  expect(await clipboard(page)).toContain(`<iframe src="${link}" width="100%" height="600"`);
  await code.getByRole('tab', { name: 'Chat Popup' }).click();
  await code.getByRole('button', { name: 'Copiar código' }).click();
  await expect(code.getByText('Código copiado com sucesso!')).toBeVisible();
  const webhookId = link.split('/').pop();
  expect(await clipboard(page)).toBe(`<script src="${baseURL}/widget.js" data-atende-agent="${webhookId}" async></script>`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The copied public link works for anyone, and a reload keeps the conversation.
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Assistente da Loja' })).toBeVisible();
  await ask(visitor, 'quanto é 123+456?');
  const visitorLog = visitor.getByRole('log');
  await expect(replies(visitorLog).last()).toContainText('579');
  await visitor.reload();
  await expect(visitorLog).toContainText('quanto é 123+456?');
  await expect(replies(visitorLog).last()).toContainText('579');

  // The owner reads both conversations in 'Conversas': the visitor's on the site, and the test, apart.
  await card.getByRole('link', { name: 'Conversas' }).click();
  await expect(page).toHaveURL(/\/conversas$/);
  await expect(page.getByRole('heading', { name: 'Conversas' })).toBeVisible();
  const items = page.getByRole('navigation', { name: 'Lista de conversas' }).getByRole('button');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Site');
  await items.first().click();
  const transcript = page.getByRole('list', { name: 'Mensagens' });
  await expect(transcript).toContainText('quanto é 123+456?');
  await expect(transcript).toContainText('579');
  await items.last().click();
  await expect(items.last()).toContainText('Teste');
  await expect(transcript).toContainText('quanto é 12*7?');
  await expect(transcript).toContainText('84');
  // The checklist counts the test and the customer's conversation as done.
  const steps = page.getByRole('region', { name: 'Primeiros passos' });
  await expect(steps.getByRole('link', { name: 'Teste (feito)' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Compartilhar (feito)' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Conhecimento (a fazer)' })).toBeVisible();
});

test("a test message moves the day's test counter and the checklist's 'Teste' step at once", async ({ page, merchant }) => {
  const agent = await merchant.signInWithAgent('Loja do Teste');
  await page.goto(`/dashboard/agents/${agent.id}/teste`);
  const steps = page.getByRole('region', { name: 'Primeiros passos' });
  await expect(steps.getByRole('link', { name: 'Teste (a fazer)' })).toBeVisible();
  await expect(page.getByText('Mensagens de teste hoje: 0 de 50.')).toBeVisible();

  const chat = page.getByRole('region', { name: 'Teste seu agente' });
  await ask(chat, 'Olá');
  await expect(page.getByText('Mensagens de teste hoje: 1 de 50.')).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Teste (feito)' })).toBeVisible();
  await ask(chat, 'quanto é 12*7?');
  await expect(page.getByText('Mensagens de teste hoje: 2 de 50.')).toBeVisible();

  // The agents page's usage panel reads the same figure.
  await page.getByRole('link', { name: 'Voltar para Agentes' }).click();
  await agentCard(page, 'Loja do Teste').getByRole('button', { name: 'Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Teste seu Chat' });
  await ask(dialog, 'Bom dia');
  await expect(page.getByText(/Mensagens de teste hoje: 3\/50/)).toBeVisible();
});

test('at the plan limit the server refuses a new agent with a link to the plans', async ({ page, merchant }) => {
  await merchant.signIn();
  await merchant.createAgent('Primeiro');
  await page.goto('/dashboard/create-agent');
  await page.getByLabel('Nome do agente').fill('Segundo');
  await page.getByRole('button', { name: 'Criar agente' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/plans');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/agents$/);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test("the personality is edited in 'Personalidade do agente' and persists", async ({ page, merchant }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Atendente da Padaria');
  await page.reload();
  const card = agentCard(page, agent.name);

  const intelligence = card.getByRole('button', { name: 'Configurar inteligência' });
  await intelligence.hover();
  await expect(page.getByRole('tooltip', { name: 'Configurar inteligência' })).toBeVisible();
  await intelligence.click();
  const dialog = page.getByRole('dialog', { name: 'Personalidade do agente' });
  const text = dialog.getByLabel('Personalidade do agente');
  await expect(text).toHaveValue(agent.systemMessage);
  expect(agent.systemMessage.trim()).not.toBe('');
  await text.fill('   ');
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await expect(dialog.getByText('Por favor, descreva o comportamento do agente')).toBeVisible();

  const personality = 'Você é o atendente da Padaria Pão Quente.\nResponda com simpatia e sempre ofereça o pão do dia.';
  await text.fill(`  ${personality}  `);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Personalidade salva!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await agentCard(page, agent.name).getByRole('button', { name: 'Configurar inteligência' }).click();
  await expect(page.getByRole('dialog', { name: 'Personalidade do agente' }).getByLabel('Personalidade do agente')).toHaveValue(personality);
  // The workflow document carries it in the agent node.
  const workflow = await (await page.request.get(`/api/agents/${agent.id}/workflow`)).json();
  expect(JSON.stringify(workflow.nodes)).toContain(JSON.stringify(personality));
});

test('deactivating hides the code action and makes the public link unavailable', async ({ page, context, merchant }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Agente Pausável');
  await page.reload();
  const card = agentCard(page, agent.name);
  const toggle = card.getByRole('switch');
  await expect(toggle).toBeChecked();
  await expect(card.getByRole('button', { name: 'Código de integração' })).toBeVisible();

  // A refused change rolls back.
  await page.route(`**/api/agents/${agent.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom', userMessage: 'Ocorreu um erro inesperado. Tente novamente.' } } })
      : route.fallback(),
  );
  await toggle.click();
  await expect(page.getByText('Não foi possível ativar ou desativar o agente')).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.unroute(`**/api/agents/${agent.id}`);

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(card.getByText('Inativo', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Código de integração' })).toHaveCount(0);
  await page.reload();
  await expect(agentCard(page, agent.name).getByRole('switch')).not.toBeChecked();

  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  await expect(visitor.getByRole('heading', { name: /não está disponível/i })).toBeVisible();

  // The owner can still try it: the test chat says it is inactive and answers.
  await agentCard(page, agent.name).getByRole('button', { name: 'Chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Teste seu Chat' });
  await expect(chat.getByText(/Este agente está inativo: seus clientes não conseguem conversar com ele/)).toBeVisible();
  await ask(chat, 'quanto é 6*7?');
  await expect(replies(chat.getByRole('log')).last()).toContainText('42');
  await page.keyboard.press('Escape');

  await agentCard(page, agent.name).getByRole('switch').click();
  await expect(agentCard(page, agent.name).getByRole('button', { name: 'Código de integração' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: agent.name })).toBeVisible();
});

test('deleting asks for confirmation and ends in the empty state', async ({ page, merchant }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Agente Temporário');
  await page.reload();
  const card = agentCard(page, agent.name);

  // 'Configurar' opens the agent's workspace, on its test chat; 'Canais' holds the public chat's limits.
  await card.getByRole('link', { name: 'Configurar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Teste seu agente' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Seções do agente' }).getByRole('link', { name: 'Canais' }).click();
  await expect(page.getByRole('region', { name: 'Limites do chat público' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para Agentes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/agents$/);

  await card.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir agente?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();

  // A failed delete says so and keeps the agent.
  await page.route(`**/api/agents/${agent.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom', userMessage: 'Ocorreu um erro inesperado. Tente novamente.' } } })
      : route.fallback(),
  );
  await card.getByRole('button', { name: 'Excluir' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Não foi possível excluir o agente')).toBeVisible();
  await expect(card).toBeVisible();
  await page.unroute(`**/api/agents/${agent.id}`);

  await card.getByRole('button', { name: 'Excluir' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Agente excluído com sucesso!')).toBeVisible();
  await expect(page.getByText('Você ainda não tem agentes')).toBeVisible();
  // The first agent can be created right there, its name suggested from the company's.
  await expect(page.getByLabel('Nome do seu primeiro agente')).toHaveValue('Atendente Café da Carla');
  await expect(page.getByText('0/1 agentes criados')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar novo agente' })).toBeVisible();
  expect((await page.request.get(`/api/agents/${agent.id}`)).status()).toBe(404);
});

test('conversations show customer text as plain text and work on a phone', async ({ page, request, merchant }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Agente do Site');
  await page.goto(`/dashboard/agents/${agent.id}/conversations`);
  await expect(page.getByText('Nenhuma conversa ainda')).toBeVisible();

  const payload = '<img src=x onerror="window.__xss=1"> oi';
  const sessionId = `e2e-session-${Date.now()}`;
  for (const message of [payload, 'quanto é 2+3?']) {
    const res = await request.post(`/webhook/${agent.webhookId}`, { data: { message, sessionId } });
    expect(res.status()).toBe(200);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Atualizar' }).click();
  const list = page.getByRole('navigation', { name: 'Lista de conversas' });
  const item = list.getByRole('button').first();
  await expect(item).toContainText('Site');
  await expect(item).toContainText('4 mensagens');
  await item.click();
  await expect(list).toBeHidden();
  const transcript = page.getByRole('list', { name: 'Mensagens' });
  await expect(transcript).toContainText(payload);
  await expect(transcript.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await page.getByRole('button', { name: 'Voltar para a lista' }).click();
  await expect(list).toBeVisible();
});

test('a load failure shows the connection error box with a retry', async ({ page, merchant }) => {
  await merchant.signIn();
  const unavailable = { error: { code: 'SERVICE_UNAVAILABLE', message: 'down', userMessage: 'Serviço temporariamente indisponível.' } };
  await page.route('**/api/agents', (route) => route.fulfill({ status: 503, json: unavailable }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Erro de conexão' })).toBeVisible();
  await expect(page.getByText('Falha ao carregar agentes')).toBeVisible();
  await page.unroute('**/api/agents');
  await page.getByRole('button', { name: 'Tentar conectar novamente' }).click();
  await expect(page.getByText('Você ainda não tem agentes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Erro de conexão' })).toHaveCount(0);
});

test('an exhausted message quota is announced on the agents page', async ({ page, merchant }) => {
  await merchant.signIn();
  await page.route('**/api/agents', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as AgentList;
    await route.fulfill({ response, json: { ...body, usage: { ...body.usage, messagesUsed: 100, messagesQuota: 100 } } });
  });
  await page.reload();
  await expect(page.getByText('Mensagens este mês:')).toBeVisible();
  await expect(page.getByText('100/100')).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'Limite de mensagens do mês atingido' });
  await expect(banner).toContainText('indisponível');
  await expect(banner.getByRole('link', { name: 'Atualizar plano' })).toHaveAttribute('href', '/plans');
});
