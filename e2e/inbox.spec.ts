import { DEFAULT_HANDOFF_MESSAGE } from '@atende/shared';
import { ask, expect, replies, test } from './fixtures';

// Two pages (the visitor's and the owner's) per journey: near the default 30 s on two busy cores.
test.describe.configure({ timeout: 60_000 });

/**
 * Issue 16 end to end: a visitor asks for a person on the public chat, the conversation appears live in
 * 'Atendimentos', the owner replies and the visitor sees it at once, the agent stays silent while the team has the
 * conversation, and answers again once it is handed back.
 */
test('handoff on the public chat, live in the inbox, the owner replies, release', async ({ page, merchant, context }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Café da Carla');

  let streams = 0;
  page.on('request', (req) => {
    // Streams the inbox page opens (the agents page, just left, may still be opening its own).
    if (new URL(req.url()).pathname === '/api/inbox/events' && req.headers().referer?.endsWith('/dashboard/inbox')) streams += 1;
  });
  await page.goto('/dashboard/inbox');
  await expect(page.getByRole('heading', { name: 'Atendimentos' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  // The sidebar's count and the inbox follow one stream.
  expect(streams).toBe(1);
  await expect(page.getByText('Nenhuma conversa ainda.')).toBeVisible();

  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  const log = visitor.getByRole('log');
  await ask(visitor, 'Quero falar com um atendente, por favor');
  await expect(replies(log).last()).toContainText(DEFAULT_HANDOFF_MESSAGE);

  // Live in the inbox, without a reload.
  const list = page.getByRole('navigation', { name: 'Lista de atendimentos' });
  const item = list.getByRole('button').first();
  await expect(item).toContainText('Aguardando equipe');
  // The sidebar says someone waits, wherever the owner is in the dashboard.
  await expect(page.getByRole('link', { name: 'Atendimentos, 1 cliente aguardando' })).toBeVisible();
  await expect(item).toContainText('Visitante');
  await expect(item).toContainText('Café da Carla');
  await item.click();
  await expect(page).toHaveURL(/\/dashboard\/inbox\?conversa=/);
  const conversation = page.getByRole('region', { name: 'Conversa selecionada' });
  await expect(conversation.getByText('Quero falar com um atendente, por favor')).toBeVisible();
  await expect(conversation.getByText('O cliente pediu para falar com uma pessoa.')).toBeVisible();

  // The owner answers: the conversation is the team's, and the visitor sees the message at once.
  await conversation.getByLabel('Sua resposta').fill('Oi! Aqui é a Carla, da loja. Como posso ajudar?');
  await conversation.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(conversation.locator('[data-state="human"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atendimentos', exact: true })).toBeVisible();
  await expect(conversation.getByLabel('Sua resposta')).toHaveValue('');
  await expect(log.getByText('Oi! Aqui é a Carla, da loja. Como posso ajudar?')).toBeVisible();
  await expect(log.getByText('Equipe:')).toBeVisible();

  // While the team has it, the agent stays silent; the owner sees the customer's message live.
  const agentReplies = await replies(log).count();
  await ask(visitor, 'Vocês entregam no bairro Centro?');
  await expect(conversation.getByText('Vocês entregam no bairro Centro?')).toBeVisible();
  // The turn is over ('Enviando...' is gone): the stored transcript ends with the customer's message, unanswered.
  const conversationId = new URL(page.url()).searchParams.get('conversa')!;
  const stored = await page.request.get(`/api/agents/${agent.id}/conversations/${conversationId}`);
  const { messages } = (await stored.json()) as { messages: Array<{ role: string; content: string }> };
  expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'Vocês entregam no bairro Centro?' });
  expect(await replies(log).count()).toBe(agentReplies);

  // Handed back: the agent answers again.
  await conversation.getByRole('button', { name: 'Devolver ao agente' }).click();
  await expect(conversation.locator('[data-state="bot"]')).toBeVisible();
  await ask(visitor, 'Quanto é 12*7?');
  await expect(replies(log).last()).toContainText('84');
});

test('the inbox on a phone: the list, then the conversation, and back', async ({ page, merchant, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja do Celular');
  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  await ask(visitor, 'Bom dia!');

  await page.goto('/dashboard/inbox');
  const list = page.getByRole('navigation', { name: 'Lista de atendimentos' });
  await list.getByRole('button').first().click();
  await expect(list).toBeHidden();
  const conversation = page.getByRole('region', { name: 'Conversa selecionada' });
  await expect(conversation.getByRole('button', { name: 'Assumir conversa' })).toBeVisible();
  await conversation.getByRole('button', { name: 'Assumir conversa' }).click();
  await expect(conversation.locator('[data-state="human"]')).toBeVisible();
  // The team's reply is shown as the customer sees it: Markdown, not its asterisks.
  await conversation.getByLabel('Sua resposta').fill('**Promoção** de hoje: _pão de queijo_ em dobro');
  await conversation.getByRole('button', { name: 'Enviar resposta' }).click();
  const sent = conversation.getByRole('list', { name: 'Mensagens' }).locator('[data-role="team"]');
  await expect(sent.locator('strong')).toHaveText('Promoção');
  await expect(sent.locator('em')).toHaveText('pão de queijo');
  await expect(sent).not.toContainText('**');
  await conversation.getByRole('button', { name: 'Voltar para a lista' }).click();
  await expect(list.getByRole('button').first()).toContainText('Com a equipe');
});

test("the agent's handoff message is the owner's ('Canais' → 'Atendimento humano')", async ({ page, merchant, context }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja da Bia');
  await page.goto(`/dashboard/agents/${agent.id}/canais`);
  const card = page.getByRole('region', { name: 'Atendimento humano' });
  await card.getByLabel('Mensagem ao chamar a equipe').fill('Já chamo a Bia para falar com você!');
  await card.getByRole('button', { name: 'Salvar atendimento humano' }).click();
  await expect(page.getByText('Atendimento humano salvo!')).toBeVisible();

  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  await ask(visitor, 'Posso falar com um humano?');
  await expect(replies(visitor.getByRole('log')).last()).toContainText('Já chamo a Bia para falar com você!');
});

test('a long conversation shows its latest messages and loads the earlier ones on request', async ({ page, merchant, baseURL }) => {
  // It writes 200 messages one by one and renders two transcripts of 200: ~25 s on a loaded 2-core machine, past the
  // default 30 s budget once (CI, 2026-11-27).
  test.slow();
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja da Longa Conversa');
  const first = await page.request.post(`/webhook/${agent.webhookId}`, { data: { message: 'Primeira mensagem do cliente', sessionId: `e2e-longa-${Date.now()}` } });
  expect(first.status()).toBe(200);
  const { conversations } = (await (await page.request.get('/api/inbox')).json()) as { conversations: Array<{ id: string; agentId: string }> };
  const conversationId = conversations.find((c) => c.agentId === agent.id)!.id;
  // More than a page (TRANSCRIPT_PAGE, 200) after the customer's first message and the agent's answer.
  for (let i = 1; i <= 200; i++) {
    const sent = await page.request.post(`/api/agents/${agent.id}/conversations/${conversationId}/messages`, {
      data: { text: `Recado da equipe ${i}` },
      headers: { Origin: baseURL! },
    });
    expect(sent.status()).toBe(201);
  }

  for (const address of [`/dashboard/inbox?conversa=${conversationId}`, `/dashboard/agents/${agent.id}/conversas?c=${conversationId}`]) {
    await page.goto(address);
    const transcript = page.getByRole('region', { name: 'Conversa selecionada' }).getByRole('list', { name: 'Mensagens' });
    await expect(transcript.getByText('Recado da equipe 200', { exact: true })).toBeVisible();
    await expect(transcript.getByRole('listitem')).toHaveCount(200);
    await expect(transcript.getByText('Primeira mensagem do cliente')).toHaveCount(0);
    await page.getByRole('button', { name: 'Carregar mensagens anteriores' }).click();
    await expect(transcript.getByText('Primeira mensagem do cliente')).toBeVisible();
    await expect(transcript.getByRole('listitem')).toHaveCount(202);
    await expect(page.getByRole('button', { name: 'Carregar mensagens anteriores' })).toHaveCount(0);
  }
});

test("a customer's long word (a pasted address) does not widen the inbox", async ({ page, merchant, context }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja do Link Longo');
  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  await ask(visitor, `Vi este produto: https://loja.example.com/p?ref=${'AbC123xyz'.repeat(25)}`);

  await page.goto('/dashboard/inbox');
  await page.getByRole('navigation', { name: 'Lista de atendimentos' }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Conversa selecionada' }).getByText('Vi este produto:')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("the team's reply keeps its lines and its links, for the customer and in the inbox", async ({ page, merchant, context }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja das Linhas');
  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  const log = visitor.getByRole('log');
  await ask(visitor, 'Quero falar com um atendente');

  await page.goto('/dashboard/inbox');
  await page.getByRole('navigation', { name: 'Lista de atendimentos' }).getByRole('button').first().click();
  const conversation = page.getByRole('region', { name: 'Conversa selecionada' });
  // Shift+Enter makes new lines; Enter sends.
  const box = conversation.getByLabel('Sua resposta');
  await box.fill('Nosso endereço:');
  await box.press('Shift+Enter');
  await box.pressSequentially('Rua das Flores, 120');
  await box.press('Shift+Enter');
  await box.pressSequentially('Mapa: https://maps.example.com/loja.');
  await box.press('Enter');
  await expect(box).toHaveValue('');

  // The customer sees three lines and a link they can open, as typed; the inbox shows it the same way.
  for (const bubble of [log.locator('div', { hasText: /^Equipe:/ }).last(), conversation.locator('[data-role="team"]')]) {
    await expect(bubble).toContainText('Nosso endereço:');
    await expect(bubble.locator('br')).toHaveCount(2);
    await expect(bubble.getByRole('link', { name: 'https://maps.example.com/loja' })).toHaveAttribute('href', 'https://maps.example.com/loja');
  }
});

test('a customer waiting for the team is told their message reached it, until the reply arrives', async ({ page, merchant, context }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja da Espera');
  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  await ask(visitor, 'Quero falar com um atendente');
  const delivered = visitor.getByText('Mensagem entregue à nossa equipe. A resposta aparece aqui mesmo.');
  await expect(delivered).toHaveCount(0);
  // The agent is silent now: the customer is not left wondering whether anyone got the message.
  await ask(visitor, 'Alô? Tem alguém aí?');
  await expect(delivered).toBeVisible();

  await page.goto('/dashboard/inbox');
  await page.getByRole('navigation', { name: 'Lista de atendimentos' }).getByRole('button').first().click();
  const conversation = page.getByRole('region', { name: 'Conversa selecionada' });
  await conversation.getByLabel('Sua resposta').fill('Oi! Estou aqui, pode falar.');
  await conversation.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(visitor.getByRole('log').getByText('Oi! Estou aqui, pode falar.')).toBeVisible();
  await expect(delivered).toHaveCount(0);
});

test("a customer's data erased (LGPD) while their conversation is open in the inbox leaves the screen at once", async ({ page, merchant, context, baseURL }) => {
  await merchant.signIn();
  const agent = await merchant.createAgent('Loja da Joana');
  const visitor = await context.newPage();
  await visitor.goto(agent.publicChatUrl);
  await ask(visitor, 'Meu nome é Joana Prado, quero falar com um atendente');

  await page.goto('/dashboard/inbox');
  const list = page.getByRole('navigation', { name: 'Lista de atendimentos' });
  await list.getByRole('button').first().click();
  const conversation = page.getByRole('region', { name: 'Conversa selecionada' });
  await expect(conversation.getByText('Meu nome é Joana Prado')).toBeVisible();
  const { conversations } = (await (await page.request.get('/api/inbox')).json()) as { conversations: Array<{ customerLabel: string }> };

  // Erased from 'Dados de clientes (LGPD)' (another tab, or another person of the team).
  const erased = await page.request.post('/api/customers/erase', { data: { channel: 'web', customerLabel: conversations[0]!.customerLabel }, headers: { origin: baseURL! } });
  expect(erased.status()).toBe(200);
  await expect(conversation.getByText(/^Esta conversa não está mais em Atendimentos: os dados do cliente podem ter sido excluídos \(LGPD\), ou/)).toBeVisible();
  await expect(page.getByText('Meu nome é Joana Prado')).toHaveCount(0);
  await expect(conversation.getByLabel('Sua resposta')).toHaveCount(0);
});
