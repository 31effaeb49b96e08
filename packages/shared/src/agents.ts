import { z } from 'zod';
import type { WorkflowNode } from './workflow';

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

/** An agent as the dashboard sees it (SPEC §3: id, name, active, createdAt, updatedAt, nodes, webhookUrl). */
export interface Agent {
  id: string;
  name: string;
  active: boolean;
  webhookId: string;
  systemMessage: string;
  createdAt: string;
  updatedAt: string;
  /** Workflow nodes (the UI decides 'Chat'/'WhatsApp' from them with chatWebhookId). */
  nodes: WorkflowNode[];
  /** POST endpoint of the chat: {PUBLIC_URL}/webhook/{webhookId}. */
  webhookUrl: string;
  /** Public chat page: {PUBLIC_URL}/public-chat/{webhookId}. */
  publicChatUrl: string;
  /** The last problem that needs the owner's attention (shown as the error line), or null. */
  lastError: string | null;
}

export interface Usage {
  month: string;
  messagesUsed: number;
  /** null = unlimited */
  messagesQuota: number | null;
  agentsUsed: number;
  /** null = unlimited */
  agentsLimit: number | null;
}

export interface AgentList {
  agents: Agent[];
  plan: { id: string; name: string };
  usage: Usage;
}
