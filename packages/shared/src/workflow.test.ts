import { describe, expect, it } from 'vitest';
import type { WorkflowNode } from './agents';
import { buildWorkflow, chatWebhookId, hasWhatsApp, systemMessageOf, webhookIdFromUrl } from './workflow';

const node = (over: Partial<WorkflowNode>): WorkflowNode => ({
  id: 'n',
  name: 'Webhook',
  type: 'n8n-nodes-base.webhook',
  typeVersion: 2,
  position: [0, 0],
  parameters: {},
  ...over,
});

describe('chatWebhookId (docs/product.md §3)', () => {
  it('uses the webhookId of the first webhook node', () => {
    expect(chatWebhookId([node({ webhookId: 'abc', parameters: { path: 'p' } })])).toBe('abc');
  });
  it('falls back to parameters.path', () => {
    expect(chatWebhookId([node({ parameters: { path: 'meu-chat' } })])).toBe('meu-chat');
  });
  it("skips the node named 'WebhookStorage'", () => {
    const nodes = [
      node({ name: 'WebhookStorage', webhookId: 'storage' }),
      node({ name: 'Chat', webhookId: 'chat-id' }),
    ];
    expect(chatWebhookId(nodes)).toBe('chat-id');
  });
  it('takes the first eligible webhook node only', () => {
    const nodes = [node({ name: 'A', parameters: {} }), node({ name: 'B', webhookId: 'b' })];
    expect(chatWebhookId(nodes)).toBeNull(); // the first webhook supplies no id
  });
  it('ignores non-webhook nodes, including respondToWebhook', () => {
    const nodes = [
      node({ type: 'n8n-nodes-base.respondToWebhook', webhookId: 'no' }),
      node({ type: '@n8n/n8n-nodes-langchain.agent', webhookId: 'no' }),
    ];
    expect(chatWebhookId(nodes)).toBeNull();
  });
  it('is null when only WebhookStorage exists, or there are no nodes', () => {
    expect(chatWebhookId([node({ name: 'WebhookStorage', webhookId: 's' })])).toBeNull();
    expect(chatWebhookId([])).toBeNull();
    expect(hasWhatsApp([node({ name: 'WebhookStorage', webhookId: 's' })])).toBe(false);
  });
  it('accepts a bare "webhook" type', () => {
    expect(chatWebhookId([node({ type: 'webhook', webhookId: 'x' })])).toBe('x');
  });
});

describe('webhookIdFromUrl (docs/product.md §3)', () => {
  it.each([
    ['abc-123', 'abc-123'],
    ['https://host/webhook/abc-123', 'abc-123'],
    ['https://host/webhook/abc-123/chat', 'abc-123'],
    ['/webhook/abc-123', 'abc-123'],
    ['https://host/chat/xyz', 'xyz'],
    ['https://host/a/b/c/', 'c'],
    ['https://host/webhook/abc?x=1', 'abc'],
  ])('%s → %s', (url, id) => {
    expect(webhookIdFromUrl(url)).toBe(id);
  });
  it('is null for empty input', () => {
    expect(webhookIdFromUrl('  ')).toBeNull();
    expect(webhookIdFromUrl('https://host/')).toBeNull();
  });
});

describe('buildWorkflow', () => {
  const doc = buildWorkflow({
    workflowId: 'wf1',
    name: 'Loja',
    webhookId: 'hook1',
    storageWebhookId: 'st1',
    systemMessage: 'Seja gentil.',
    chatModel: 'gpt-4o-mini',
  });
  it('holds the personality in the agent node', () => {
    expect(systemMessageOf(doc)).toBe('Seja gentil.');
  });
  it('exposes the chat webhook and not the storage webhook', () => {
    expect(chatWebhookId(doc.nodes)).toBe('hook1');
  });
  it('is deterministic', () => {
    expect(
      buildWorkflow({ workflowId: 'wf1', name: 'Loja', webhookId: 'hook1', storageWebhookId: 'st1', systemMessage: 'Seja gentil.', chatModel: 'gpt-4o-mini' }),
    ).toEqual(doc);
  });
});
