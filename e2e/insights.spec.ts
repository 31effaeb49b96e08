import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

// The learning loop (issue 17), offline: customers ask what the knowledge does not say, the merchant sees the
// question in the Painel's 'Perguntas sem resposta' (grouped with its paraphrase), teaches the answer in one
// click, and the next customer who asks gets it.

test.describe.configure({ timeout: 90_000 });

const ABOUT = 'Padaria Pão Quente. Funcionamos de segunda a sábado, das 6h às 20h. Bolo de cenoura: R$ 25,00.';
const TAUGHT = 'Sim! Entregamos em Campinas às terças e sextas, com frete de R$ 10,00.';

/** A customer on the public chat, in a browser context of their own (their own session); returns the agent's reply. */
async function customerAsks(browser: Browser, publicChatUrl: string, question: string): Promise<string> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(publicChatUrl);
  await page.getByPlaceholder('Digite sua mensagem...').fill(question);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('button', { name: 'Enviando...' })).toHaveCount(0);
  const log = page.getByRole('log');
  const reply = log.getByText(/^Atendente:/).locator('xpath=..').last();
  await expect(reply).toBeVisible();
  const text = (await reply.innerText()).replace(/^Atendente:\s*/, '');
  await context.close();
  return text;
}

test('from the unanswered list to a taught answer: the next customer who asks is answered', async ({ page, browser, baseURL, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Pão Quente');
  const saved = await page.request.put(`/api/agents/${agent.id}/knowledge`, {
    data: { companyName: 'Padaria Pão Quente', about: ABOUT, links: '' },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(200);

  // Two customers ask the same thing in other words; the knowledge does not say.
  expect(await customerAsks(browser, agent.publicChatUrl, 'Vocês entregam em Campinas?')).toMatch(/não encontrei/i);
  expect(await customerAsks(browser, agent.publicChatUrl, 'fazem entrega pra campinas?')).toMatch(/não encontrei/i);

  // The merchant opens the agent's Painel.
  await page.getByRole('article', { name: agent.name }).getByRole('link', { name: 'Painel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/agents/${agent.id}/insights$`));
  await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Mensagens de clientes por dia/ })).toBeVisible();
  const list = page.getByRole('list', { name: 'Perguntas sem resposta' });
  const item = list.getByRole('listitem').filter({ hasText: 'fazem entrega pra campinas?' });
  await expect(item).toContainText('Perguntada 2 vezes');
  await expect(item).toContainText('Também: "Vocês entregam em Campinas?"');
  await expect(item.getByRole('link', { name: /^Conversa/ })).toHaveCount(2);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // 'Ensinar resposta': the question comes filled in, the merchant writes the answer once.
  await item.getByRole('button', { name: 'Ensinar resposta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ensinar resposta' });
  await expect(dialog.getByLabel('Pergunta do cliente')).toHaveValue('fazem entrega pra campinas?');
  await expect(dialog).toContainText('Os clientes também perguntaram: "Vocês entregam em Campinas?"');
  await dialog.getByLabel('Resposta').fill(TAUGHT);
  await dialog.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(page.getByText('Resposta ensinada! O agente já usa a partir da próxima mensagem.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nenhuma pergunta sem resposta no período. Muito bem!')).toBeVisible();

  // The weekly summary e-mail is on; the merchant can switch it off here.
  const weekly = page.getByRole('checkbox', { name: 'Resumo semanal por e-mail' });
  await expect(weekly).toBeChecked();
  await weekly.uncheck();
  await expect(page.getByText('Resumo semanal desligado.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Resumo semanal por e-mail' })).not.toBeChecked();

  // The next customer, in yet other words, is answered offline with what was taught.
  expect(await customerAsks(browser, agent.publicChatUrl, 'Vocês fazem entrega em Campinas?')).toBe(TAUGHT);

  // The account's 'Visão geral' adds up every agent, each with its share.
  await page.getByRole('link', { name: 'Visão geral' }).click();
  await expect(page.getByRole('heading', { name: 'Visão geral', level: 1 })).toBeVisible();
  // (The counts of the last two seconds arrive on a later reading: the rollup reads messages once settled.)
  await expect(page.getByRole('row', { name: /Padaria Pão Quente/ }).getByRole('link', { name: 'Padaria Pão Quente' })).toHaveAttribute(
    'href',
    `/dashboard/agents/${agent.id}/insights`,
  );

  // The taught answer is listed under the knowledge, editable and deletable.
  await page.getByRole('link', { name: 'Meus Agentes' }).click();
  await page.getByRole('article', { name: agent.name }).getByRole('button', { name: 'Base de Conhecimento' }).click();
  const knowledge = page.getByRole('dialog', { name: 'Base de Conhecimento' });
  await expect(knowledge.getByRole('heading', { name: 'Respostas ensinadas' })).toBeVisible();
  await expect(knowledge.getByText(TAUGHT)).toBeVisible();
  await expect(knowledge.getByRole('button', { name: 'Editar a resposta para "fazem entrega pra campinas?"' })).toBeVisible();
  await expect(knowledge.getByRole('button', { name: 'Apagar a resposta para "fazem entrega pra campinas?"' })).toBeVisible();
});

test('LGPD: the merchant finds a visitor by the code the conversations show, exports and erases their data', async ({ page, browser, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Pão Quente');
  await customerAsks(browser, agent.publicChatUrl, 'Meu nome é Joana Prado, vocês abrem no domingo?');
  const list = await page.request.get(`/api/agents/${agent.id}/conversations`);
  const [conversation] = ((await list.json()) as { conversations: Array<{ customerLabel: string }> }).conversations;
  const label = conversation!.customerLabel;
  expect(label).toMatch(/^Visitante [0-9A-F]{6}$/);

  await page.goto(`/dashboard/agents/${agent.id}/insights`);
  await page.getByRole('link', { name: 'Dados de clientes (LGPD)' }).click();
  await expect(page.getByRole('heading', { name: 'Dados de clientes (LGPD)', level: 1 })).toBeVisible();
  await page.getByLabel('Número do WhatsApp ou código do visitante').fill(label);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const card = page.getByRole('article', { name: label });
  await expect(card).toContainText('1 conversa');
  await expect(card).toContainText('Padaria Pão Quente: 2 mensagens');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Exportar (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cliente-${label.replace(' ', '-').toLowerCase()}.json`);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as {
    conversations: Array<{ messages: Array<{ text: string }> }>;
  };
  expect(exported.conversations[0]!.messages[0]!.text).toBe('Meu nome é Joana Prado, vocês abrem no domingo?');

  await card.getByRole('button', { name: 'Excluir dados' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Excluir os dados de ${label}?` });
  await confirm.getByRole('button', { name: 'Excluir dados' }).click();
  await expect(page.getByText('Dados excluídos: 1 conversa e 2 mensagens.')).toBeVisible();
  await expect(page.getByRole('table')).toContainText(label);
  await expect(page.getByRole('table')).not.toContainText('Joana');
  const after = await page.request.get(`/api/agents/${agent.id}/conversations`);
  expect(((await after.json()) as { conversations: unknown[] }).conversations).toEqual([]);
  // The page with its success toast still showing (the toasts' colours reach WCAG AA contrast).
  await expect(page.getByText('Dados excluídos: 1 conversa e 2 mensagens.')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test("'Ensinar resposta' from a conversation: the reply without an answer teaches the customer's question", async ({ page, browser, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Pão Quente');
  expect(await customerAsks(browser, agent.publicChatUrl, 'Vocês aceitam vale refeição?')).toMatch(/não encontrei/i);

  await page.goto(`/dashboard/agents/${agent.id}/conversas`);
  await page.getByRole('navigation', { name: 'Lista de conversas' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Ensinar resposta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ensinar resposta' });
  await expect(dialog.getByLabel('Pergunta do cliente')).toHaveValue('Vocês aceitam vale refeição?');
  await dialog.getByLabel('Resposta').fill('Aceitamos vale refeição Alelo, Sodexo e VR.');
  await dialog.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(page.getByText('Resposta ensinada! O agente já usa a partir da próxima mensagem.')).toBeVisible();

  expect(await customerAsks(browser, agent.publicChatUrl, 'aceita vale refeicao?')).toBe('Aceitamos vale refeição Alelo, Sodexo e VR.');
});

test("the usage line says what it counts, and the Painel and 'Visão geral' fit a 390 px phone", async ({ page, merchant }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const agent = await merchant.signInWithAgent('Padaria Pão Quente');
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  const usage = page.getByRole('region', { name: 'Uso do plano neste mês' });

  // One agent's Painel: the account's quota, and this agent's customers' messages told apart from it.
  await page.goto(`/dashboard/agents/${agent.id}/insights`);
  await expect(page.getByRole('img', { name: /Mensagens de clientes por dia/ })).toBeVisible();
  await expect(usage).toContainText('0 de 100 mensagens do plano usadas neste mês, somando todos os seus agentes.');
  await expect(usage).toContainText('Este agente recebeu 0 mensagens de clientes neste mês.');
  expect(await scrollWidth()).toBeLessThanOrEqual(390);

  // Every agent together: no single agent to speak of.
  await page.goto('/dashboard/insights');
  await expect(page.getByRole('heading', { name: 'Visão geral', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Mensagens de clientes por dia/ })).toBeVisible();
  await expect(usage).toContainText('0 de 100 mensagens do plano usadas neste mês, somando todos os seus agentes.');
  await expect(usage).not.toContainText(/este agente/i);
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
});

test("the Painel's counts read as Portuguese: one conversation, one question ('1 conversa', not '1 conversas')", async ({ page, browser, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Pão Quente');
  expect(await customerAsks(browser, agent.publicChatUrl, 'Vocês vendem sorvete?')).toMatch(/não encontrei/i);
  await page.goto(`/dashboard/agents/${agent.id}/insights`);
  const channel = page.getByRole('figure').filter({ hasText: 'Conversas por canal' });
  // The Painel counts messages a couple of seconds old: read it again until they are in.
  await expect(async () => {
    await page.reload();
    await expect(channel.getByText(/^1 conversa/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(channel).toContainText('1 conversa · 1 mensagem (100%)');
  await expect(channel).toContainText('0 conversas · 0 mensagens (0%)');
  await expect(page.getByText('1 pergunta', { exact: true })).toBeVisible();
});
