import { z } from 'zod';
import { usageSchema } from './quota';

export const AGENT_NAME_MAX = 80;
export const SYSTEM_MESSAGE_MAX = 8000;

export const createAgentSchema = z.object({
  name: z.string().trim().min(1, 'Workflow name is required').max(AGENT_NAME_MAX, `Use no máximo ${AGENT_NAME_MAX} caracteres`),
});
export type CreateAgentInput = z.infer<typeof createAgentSchema>;

export const updateAgentSchema = z
  .object({
    name: createAgentSchema.shape.name.optional(),
    active: z.boolean().optional(),
    systemMessage: z
      .string()
      .trim()
      .min(1, 'System message is required')
      .max(SYSTEM_MESSAGE_MAX, `Use no máximo ${SYSTEM_MESSAGE_MAX} caracteres`)
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdateAgentInput = z.infer<typeof updateAgentSchema>;

/** One node of the n8n-compatible workflow document. */
export const workflowNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  typeVersion: z.number(),
  position: z.tuple([z.number(), z.number()]),
  webhookId: z.string().optional(),
  parameters: z.looseObject({ path: z.string().optional(), options: z.record(z.string(), z.unknown()).optional() }),
});
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;

export const workflowConnectionsSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(z.array(z.object({ node: z.string(), type: z.string(), index: z.number() })))),
);
export type WorkflowConnections = z.infer<typeof workflowConnectionsSchema>;

/** GET /api/agents/{id}/workflow: the agent as an n8n-compatible workflow document. */
export const workflowDocumentSchema = z.object({
  name: z.string(),
  nodes: z.array(workflowNodeSchema),
  connections: workflowConnectionsSchema,
  settings: z.record(z.string(), z.unknown()),
});
export type WorkflowDocument = z.infer<typeof workflowDocumentSchema>;

/** An agent as the dashboard sees it. */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  webhookId: z.string(),
  systemMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Workflow nodes (the UI decides 'Chat'/'WhatsApp' from them with chatWebhookId). */
  nodes: z.array(workflowNodeSchema),
  /** POST endpoint of the chat: {PUBLIC_URL}/webhook/{webhookId}. */
  webhookUrl: z.string(),
  /** Public chat page: {PUBLIC_URL}/public-chat/{webhookId}. */
  publicChatUrl: z.string(),
  /** The last problem that needs the owner's attention (shown as the error line), or null. */
  lastError: z.string().nullable(),
  /** The workspace's first-steps checklist (personality → knowledge → test → share), as the data says it stands. */
  setup: z.object({
    /** The owner has saved a personality of their own. */
    personality: z.boolean(),
    /** The agent has something to answer from: a file, the 'about' text or links. */
    knowledge: z.boolean(),
    /** The owner has talked to it in the test chat. */
    tested: z.boolean(),
    /** Customers have reached it: a conversation on the public chat or WhatsApp, or WhatsApp connected. */
    shared: z.boolean(),
  }),
});
export type Agent = z.infer<typeof agentSchema>;
export type AgentSetup = Agent['setup'];

/** GET /api/agents: the agents, the account's plan and its usage this month. */
export const agentListSchema = z.object({
  agents: z.array(agentSchema),
  plan: z.object({ id: z.string(), name: z.string() }),
  usage: usageSchema,
});
export type AgentList = z.infer<typeof agentListSchema>;
