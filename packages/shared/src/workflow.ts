import type { WorkflowConnections, WorkflowDocument, WorkflowNode } from './agents';

/**
 * The agent as an n8n-compatible workflow document (docs/product.md §3, §9), and the pure
 * rules the UI uses to read it. Generated from a versioned template so every
 * agent's document can be regenerated identically.
 */
export const WORKFLOW_TEMPLATE_VERSION = 1;
export const STORAGE_NODE_NAME = 'WebhookStorage';
/** The memory window in exchanges (a customer message and the agent's answer), as n8n's contextWindowLength counts. */
export const MEMORY_WINDOW = 15;
export const RETRIEVAL_TOP_K = 8;
export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 100;
export const EMBEDDING_BATCH = 512;

/** Is this node an n8n webhook trigger ("n8n-nodes-base.webhook")? respondToWebhook is not. */
export function isWebhookNode(node: Pick<WorkflowNode, 'type'>): boolean {
  return node.type === 'webhook' || node.type.endsWith('.webhook');
}

/**
 * docs/product.md §3 "Chat webhook id": the first webhook node not named WebhookStorage,
 * using its webhookId or else its parameters.path. Null when there is none.
 */
export function chatWebhookId(nodes: ReadonlyArray<Pick<WorkflowNode, 'type' | 'name' | 'webhookId' | 'parameters'>>): string | null {
  const node = nodes.find((n) => isWebhookNode(n) && n.name !== STORAGE_NODE_NAME);
  if (!node) return null;
  const id = node.webhookId || (typeof node.parameters?.path === 'string' ? node.parameters.path : '');
  return id ? id : null;
}

/**
 * docs/product.md §3: from a webhook URL, a value without a slash is the id itself;
 * otherwise the segment after 'webhook', or the last segment if 'webhook' is absent.
 */
export function webhookIdFromUrl(url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  if (!value.includes('/')) return value;
  let pathPart = value;
  try {
    pathPart = new URL(value).pathname;
  } catch {
    // Not absolute: treat it as a path.
  }
  const segments = pathPart.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const at = segments.indexOf('webhook');
  const id = at >= 0 ? segments[at + 1] : segments[segments.length - 1];
  return id ? id : null;
}

/** The 'Chat' button shows when the workflow has a chat webhook (docs/product.md §2). */
export const hasChat = (nodes: Parameters<typeof chatWebhookId>[0]) => chatWebhookId(nodes) !== null;
/** The 'WhatsApp' button: a webhook node other than WebhookStorage that supplies an id (docs/product.md §2). */
export const hasWhatsApp = hasChat;

export interface WorkflowInput {
  workflowId: string;
  name: string;
  webhookId: string;
  storageWebhookId: string;
  systemMessage: string;
  chatModel: string;
  embeddingModel?: string;
}

const connect = (node: string, type = 'main') => [[{ node, type, index: 0 }]];

/** Builds the document for one agent from the template (version WORKFLOW_TEMPLATE_VERSION). */
export function buildWorkflow(input: WorkflowInput): WorkflowDocument {
  const id = (suffix: string) => `${input.workflowId}-${suffix}`;
  const nodes: WorkflowNode[] = [
    {
      id: id('chat-webhook'),
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      webhookId: input.webhookId,
      parameters: {
        httpMethod: 'POST',
        path: input.webhookId,
        responseMode: 'responseNode',
        options: { allowedOrigins: '*' },
      },
    },
    {
      id: id('agent'),
      name: 'AI Agent',
      type: '@n8n/n8n-nodes-langchain.agent',
      typeVersion: 1.7,
      position: [260, 0],
      parameters: {
        promptType: 'define',
        text: '={{ $json.body.message }}',
        options: { systemMessage: input.systemMessage },
      },
    },
    {
      id: id('chat-model'),
      name: 'OpenAI Chat Model',
      type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
      typeVersion: 1.2,
      position: [120, 240],
      parameters: { model: { __rl: true, mode: 'list', value: input.chatModel }, options: {} },
    },
    {
      id: id('memory'),
      name: 'Window Buffer Memory',
      type: '@n8n/n8n-nodes-langchain.memoryBufferWindow',
      typeVersion: 1.3,
      position: [260, 240],
      parameters: {
        sessionIdType: 'customKey',
        sessionKey: '={{ $json.body.sessionId }}',
        contextWindowLength: MEMORY_WINDOW,
      },
    },
    {
      id: id('knowledge'),
      name: 'Knowledge Base',
      type: '@n8n/n8n-nodes-langchain.vectorStorePGVector',
      typeVersion: 1.1,
      position: [400, 240],
      parameters: {
        mode: 'retrieve-as-tool',
        toolName: 'knowledge_base',
        toolDescription: 'Busca informações da empresa na base de conhecimento.',
        tableName: 'documents_embeddings',
        topK: RETRIEVAL_TOP_K,
        options: { metadata: { metadataValues: [{ name: 'workflow_id', value: input.workflowId }] } },
      },
    },
    {
      id: id('embeddings-query'),
      name: 'Embeddings',
      type: '@n8n/n8n-nodes-langchain.embeddingsOpenAi',
      typeVersion: 1.2,
      position: [400, 440],
      parameters: { model: input.embeddingModel ?? 'text-embedding-3-small', options: { batchSize: EMBEDDING_BATCH } },
    },
    {
      id: id('calculator'),
      name: 'Calculator',
      type: '@n8n/n8n-nodes-langchain.toolCalculator',
      typeVersion: 1,
      position: [540, 240],
      parameters: {},
    },
    {
      id: id('respond'),
      name: 'Respond to Webhook',
      type: 'n8n-nodes-base.respondToWebhook',
      typeVersion: 1.1,
      position: [560, 0],
      parameters: { respondWith: 'json', responseBody: '={{ { "output": $json.output } }}', options: {} },
    },
    {
      id: id('storage-webhook'),
      name: STORAGE_NODE_NAME,
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 640],
      webhookId: input.storageWebhookId,
      parameters: { httpMethod: 'POST', path: `upload-archive-${input.workflowId}`, options: {} },
    },
    {
      id: id('store'),
      name: 'Store Documents',
      type: '@n8n/n8n-nodes-langchain.vectorStorePGVector',
      typeVersion: 1.1,
      position: [260, 640],
      parameters: { mode: 'insert', tableName: 'documents_embeddings', options: {} },
    },
    {
      id: id('loader'),
      name: 'Default Data Loader',
      type: '@n8n/n8n-nodes-langchain.documentDefaultDataLoader',
      typeVersion: 1,
      position: [260, 840],
      parameters: {
        dataType: 'binary',
        options: {
          metadata: {
            metadataValues: [
              { name: 'workflow_id', value: input.workflowId },
              { name: 'updated_at', value: '={{ $now.toISO() }}' },
            ],
          },
        },
      },
    },
    {
      id: id('splitter'),
      name: 'Recursive Character Text Splitter',
      type: '@n8n/n8n-nodes-langchain.textSplitterRecursiveCharacterTextSplitter',
      typeVersion: 1,
      position: [260, 1040],
      parameters: { chunkSize: CHUNK_SIZE, chunkOverlap: CHUNK_OVERLAP, options: {} },
    },
    {
      id: id('embeddings-insert'),
      name: 'Embeddings Insert',
      type: '@n8n/n8n-nodes-langchain.embeddingsOpenAi',
      typeVersion: 1.2,
      position: [460, 840],
      parameters: { model: input.embeddingModel ?? 'text-embedding-3-small', options: { batchSize: EMBEDDING_BATCH } },
    },
  ];
  const connections: WorkflowConnections = {
    Webhook: { main: connect('AI Agent') },
    'AI Agent': { main: connect('Respond to Webhook') },
    'OpenAI Chat Model': { ai_languageModel: connect('AI Agent', 'ai_languageModel') },
    'Window Buffer Memory': { ai_memory: connect('AI Agent', 'ai_memory') },
    'Knowledge Base': { ai_tool: connect('AI Agent', 'ai_tool') },
    Calculator: { ai_tool: connect('AI Agent', 'ai_tool') },
    Embeddings: { ai_embedding: connect('Knowledge Base', 'ai_embedding') },
    [STORAGE_NODE_NAME]: { main: connect('Store Documents') },
    'Default Data Loader': { ai_document: connect('Store Documents', 'ai_document') },
    'Recursive Character Text Splitter': { ai_textSplitter: connect('Default Data Loader', 'ai_textSplitter') },
    'Embeddings Insert': { ai_embedding: connect('Store Documents', 'ai_embedding') },
  };
  return {
    name: input.name,
    nodes,
    connections,
    settings: { executionOrder: 'v1', atendeTemplateVersion: WORKFLOW_TEMPLATE_VERSION },
  };
}

/** The personality text held by the agent node (docs/product.md §3). */
export function systemMessageOf(doc: Pick<WorkflowDocument, 'nodes'>): string | null {
  const agent = doc.nodes.find((n) => n.type.endsWith('.agent'));
  const value = agent?.parameters.options?.systemMessage;
  return typeof value === 'string' ? value : null;
}
