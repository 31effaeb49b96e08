import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { FAKE_NUMBER, metaSignature, notification, textMessage, type SentText } from './fakes';
import { GRAPH_URL } from './global-setup';

const APP_SECRET = 'e2e-chave-secreta-do-app-0123456789';
const WINDOW_REASON = 'o cliente não fala com você há mais de 24 horas: o WhatsApp só permite responder dentro de 24 horas da última mensagem dele';

/** POSTs a notification to the agent's webhook as Meta does (signed with the app secret). */
async function notify(request: APIRequestContext, webhookId: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const res = await request.post(`/chat/${webhookId}`, {
    data: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, APP_SECRET) },
  });
  expect(res.status()).toBe(200);
}

/** A status of a message we sent to `customer`, as Meta notifies it. */
const status = (wamid: string, value: 'sent' | 'delivered' | 'read' | 'failed', customer: string) =>
  notification([], {
    statuses: [
      {
        id: wamid,
        status: value,
        timestamp: '1749416390',
        recipient_id: customer,
        ...(value === 'failed' && {
          errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed.' } }],
        }),
      },
    ],
  });

/** The customer writes `text` on WhatsApp; resolves with the agent's answer once the fake Graph API received it. */
async function customerWrites(request: APIRequestContext, webhookId: string, customer: string, text: string): Promise<SentText> {
  const { sent: before } = (await (await request.get(`${GRAPH_URL}/_fake/sent`)).json()) as { sent: SentText[] };
  const earlier = new Set(before.filter((m) => m.to === customer).map((m) => m.wamid));
  await notify(request, webhookId, notification([textMessage(`wamid.e2e.in.${customer}.${earlier.size}`, text)], { from: customer }));
  let answer: SentText | undefined;
  await expect
    .poll(async () => {
      const { sent } = (await (await request.get(`${GRAPH_URL}/_fake/sent`)).json()) as { sent: SentText[] };
      answer = sent.find((m) => m.to === customer && !earlier.has(m.wamid));
      return Boolean(answer);
    })
    .toBe(true);
  return answer!;
}

/**
 * A reply Meta could not deliver (ADR 0007): the agent answers a WhatsApp customer, Meta reports the answer failed
 * (131047), and the merchant sees 'Não entregue' and why, live in Atendimentos and in the agent's Conversas; a late
 * 'delivered' of the same message does not hide it. The inbox previews a customer's Markdown-looking text as written.
 */
test("a WhatsApp reply that was not delivered says so, in words, in Atendimentos and Conversas", async ({ page, request, baseURL, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Entrega');
  const saved = await page.request.put(`/api/agents/${agent.id}/whatsapp`, {
    data: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(200);

  const customer = `551196${Date.now().toString().slice(-7)}`;
  await notify(request, agent.webhookId, notification([textMessage(`wamid.e2e.in.${customer}`, 'Olá, bom dia!')], { from: customer }));
  let answer: SentText | undefined;
  await expect
    .poll(async () => {
      const { sent } = (await (await request.get(`${GRAPH_URL}/_fake/sent`)).json()) as { sent: SentText[] };
      answer = sent.find((m) => m.to === customer);
      return Boolean(answer);
    })
    .toBe(true);

  await page.goto('/dashboard/inbox');
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Lista de atendimentos' });
  const item = list.getByRole('button').filter({ hasText: customer });
  await expect(item).toHaveCount(1);
  await item.click();
  const conversation = page.getByRole('region', { name: 'Conversa selecionada' });
  const reply = conversation.getByRole('list', { name: 'Mensagens' }).locator('[data-role="assistant"]');
  await expect(reply).toHaveCount(1);
  await expect(conversation.getByText('Não entregue')).toHaveCount(0);
  await expect(item.getByText('Não entregue')).toHaveCount(0);

  // Meta reports the answer failed: the merchant sees it live, as words beside the message and in the list.
  await notify(request, agent.webhookId, status(answer!.wamid, 'failed', customer));
  await expect(reply).toContainText(`Não entregue: ${WINDOW_REASON}.`);
  await expect(item).toContainText('Não entregue');

  // A 'delivered' Meta sends later for the same message does not undo the failure.
  await notify(request, agent.webhookId, status(answer!.wamid, 'delivered', customer));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Conversa selecionada' }).getByRole('list', { name: 'Mensagens' }).locator('[data-role="assistant"]')).toContainText(
    `Não entregue: ${WINDOW_REASON}.`,
  );

  // The agent's Conversas shows it too.
  await page.goto(`/dashboard/agents/${agent.id}/conversations`);
  await page.getByRole('navigation', { name: 'Lista de conversas' }).getByRole('button').filter({ hasText: 'WhatsApp' }).click();
  await expect(page.getByRole('region', { name: 'Conversa selecionada' }).getByText(`Não entregue: ${WINDOW_REASON}.`)).toBeVisible();

  // The team takes over; the customer writes something that looks like Markdown: the inbox previews it as written.
  await page.goto('/dashboard/inbox');
  await list.getByRole('button').filter({ hasText: customer }).click();
  await conversation.getByRole('button', { name: 'Assumir conversa' }).click();
  await expect(conversation.locator('[data-state="human"]')).toBeVisible();
  const typed = '[meu pedido](javascript:alert(1)) **urgente**';
  await notify(request, agent.webhookId, notification([textMessage(`wamid.e2e.md.${customer}`, typed)], { from: customer }));
  await expect(conversation.getByText(typed)).toBeVisible();
  await expect(list.getByRole('button').filter({ hasText: customer })).toContainText(typed);
});

/**
 * How far our WhatsApp replies got (docs/product.md §10): 'Entregue' and 'Lida' beside the reply's time, live in
 * Atendimentos; the agent's Conversas follows the same live stream — a new reply and its 'Não entregue' appear there
 * without a reload.
 */
test("'Entregue', 'Lida' and 'Não entregue' appear live under our WhatsApp replies, in Atendimentos and Conversas", async ({ page, request, baseURL, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Recibos');
  const saved = await page.request.put(`/api/agents/${agent.id}/whatsapp`, {
    data: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(200);
  const customer = `551197${Date.now().toString().slice(-7)}`;
  const first = await customerWrites(request, agent.webhookId, customer, 'Olá, bom dia!');

  // Atendimentos: nothing while the reply is only sent; then Meta's receipts, live.
  await page.goto('/dashboard/inbox');
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Lista de atendimentos' }).getByRole('button').filter({ hasText: customer }).click();
  const inboxReply = page.getByRole('region', { name: 'Conversa selecionada' }).getByRole('list', { name: 'Mensagens' }).locator('[data-role="assistant"]');
  await expect(inboxReply).toHaveCount(1);
  await expect(inboxReply.locator('[data-delivery]')).toHaveCount(0);
  await notify(request, agent.webhookId, status(first.wamid, 'delivered', customer));
  await expect(inboxReply.locator('[data-delivery="delivered"]')).toHaveText('Entregue');
  await notify(request, agent.webhookId, status(first.wamid, 'read', customer));
  await expect(inboxReply.locator('[data-delivery="read"]')).toHaveText('Lida');
  await expect(inboxReply).not.toContainText('Entregue');
  // The customer's own message has no delivery state.
  await expect(page.getByRole('region', { name: 'Conversa selecionada' }).locator('[data-role="user"] [data-delivery]')).toHaveCount(0);

  // Conversas: loaded with 'Lida', then the customer writes again and the new reply comes in live; Meta reports it
  // failed, and 'Não entregue' appears under it, live too.
  await page.goto(`/dashboard/agents/${agent.id}/conversations`);
  await page.getByRole('navigation', { name: 'Lista de conversas' }).getByRole('button').filter({ hasText: 'WhatsApp' }).click();
  const replies = page.getByRole('region', { name: 'Conversa selecionada' }).getByRole('list', { name: 'Mensagens' }).locator('[data-role="assistant"]');
  await expect(replies).toHaveCount(1);
  await expect(replies.first().locator('[data-delivery="read"]')).toHaveText('Lida');
  const second = await customerWrites(request, agent.webhookId, customer, 'Vocês entregam no centro?');
  await expect(replies).not.toHaveCount(1);
  await expect(replies.last()).not.toContainText('Não entregue');
  await notify(request, agent.webhookId, status(second.wamid, 'failed', customer));
  await expect(replies.last()).toContainText(`Não entregue: ${WINDOW_REASON}.`);
  await expect(replies.first().locator('[data-delivery="read"]')).toHaveText('Lida');
  await expect(replies.first()).not.toContainText('Não entregue');
});
