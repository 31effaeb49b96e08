import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createAgentSchema, quotaMonth, updateAgentSchema, type AgentList } from '@atende/shared';
import { getAccountPlan } from '../accounts/plan';
import type { Auth } from '../auth/auth';
import { getConversation, listConversations } from '../chat/conversations';
import { messagesUsed } from '../usage/quota';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { errorResponses, sessionSecurity } from '../http/openapi';
import { createAgent, deleteAgent, getOwnedAgent, getOwnedAgentView, listAgents, toAgentDto, updateAgent, workflowOf } from './service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const NodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  typeVersion: z.number(),
  position: z.tuple([z.number(), z.number()]),
  webhookId: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()),
});
const AgentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    active: z.boolean(),
    webhookId: z.string(),
    systemMessage: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    nodes: z.array(NodeSchema),
    webhookUrl: z.string(),
    publicChatUrl: z.string(),
    lastError: z.string().nullable(),
  })
  .openapi('Agent');
const AgentListSchema = z
  .object({
    agents: z.array(AgentSchema),
    plan: z.object({ id: z.string(), name: z.string() }),
    usage: z.object({
      month: z.string(),
      messagesUsed: z.number(),
      messagesQuota: z.number().nullable(),
      agentsUsed: z.number(),
      agentsLimit: z.number().nullable(),
    }),
  })
  .openapi('AgentList');
const WorkflowSchema = z
  .object({
    name: z.string(),
    nodes: z.array(NodeSchema),
    connections: z.record(z.string(), z.unknown()),
    settings: z.record(z.string(), z.unknown()),
  })
  .openapi('Workflow');
const MessageSchema = z.object({ id: z.string(), role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string() });
const ConversationSummarySchema = z
  .object({
    id: z.string(),
    customerLabel: z.string().openapi({ description: "'Visitante 3F9A2C' on the web (never the session secret), the number on WhatsApp" }),
    channel: z.enum(['web', 'whatsapp']),
    lastMessage: z.string().nullable(),
    lastMessageAt: z.string(),
    messageCount: z.number(),
    createdAt: z.string(),
  })
  .openapi('ConversationSummary');
const ConversationSchema = ConversationSummarySchema.extend({ messages: z.array(MessageSchema) }).openapi('Conversation');

const IdParams = z.object({ id: z.string().min(1).max(64) });
const ConversationParams = IdParams.extend({ conversationId: z.string().min(1).max(64) });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/agents',
    tags: ['agents'],
    summary: "The user's agents, plan and usage",
    security: sessionSecurity,
    responses: { 200: json(AgentListSchema, 'Agents'), ...errorResponses(401) },
  }),
  create: createRoute({
    method: 'post',
    path: '/api/agents',
    tags: ['agents'],
    summary: 'Create an agent (activated at once)',
    security: sessionSecurity,
    request: { body: { content: { 'application/json': { schema: createAgentSchema } }, required: true } },
    responses: { 201: json(AgentSchema, 'Created'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/agents/{id}',
    tags: ['agents'],
    summary: 'One agent',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: json(AgentSchema, 'Agent'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/agents/{id}',
    tags: ['agents'],
    summary: 'Rename, activate/deactivate, or change the personality',
    security: sessionSecurity,
    request: { params: IdParams, body: { content: { 'application/json': { schema: updateAgentSchema } }, required: true } },
    responses: { 200: json(AgentSchema, 'Agent'), ...errorResponses(400, 401, 404) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/agents/{id}',
    tags: ['agents'],
    summary: 'Delete the agent and everything it owns',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
  }),
  workflow: createRoute({
    method: 'get',
    path: '/api/agents/{id}/workflow',
    tags: ['agents'],
    summary: 'The agent as an n8n-compatible workflow document',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: json(WorkflowSchema, 'Workflow'), ...errorResponses(401, 404) },
  }),
  conversations: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations',
    tags: ['conversations'],
    summary: "The agent's chat sessions, most recent first",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: {
      200: json(z.object({ conversations: z.array(ConversationSummarySchema) }), 'Conversations'),
      ...errorResponses(401, 404),
    },
  }),
  conversation: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations/{conversationId}',
    tags: ['conversations'],
    summary: 'One transcript',
    security: sessionSecurity,
    request: { params: ConversationParams },
    responses: { 200: json(ConversationSchema, 'Conversation'), ...errorResponses(401, 404) },
  }),
};

export function agentRoutes(db: Db, auth: Auth, config: Config) {
  const app = new OpenAPIHono<AppEnv>();
  // '/api/agents/*' also matches '/api/agents'.
  app.use('/api/agents/*', requireAuth(auth));
  app.use('/api/agents/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  });
  const uid = (c: { var: AppEnv['Variables'] }) => c.var.auth.user.id;

  return app
    .openapi(routes.list, async (c) => {
      const userId = uid(c);
      const [rows, plan, used] = await Promise.all([listAgents(db, userId), getAccountPlan(db, userId), messagesUsed(db, userId)]);
      const body: AgentList = {
        agents: rows.map((r) => toAgentDto(r, config)),
        plan: { id: plan.id, name: plan.name },
        usage: {
          month: quotaMonth(),
          messagesUsed: used,
          messagesQuota: plan.monthlyMessages,
          agentsUsed: rows.length,
          agentsLimit: plan.maxAgents,
        },
      };
      return c.json(body, 200);
    })
    .openapi(routes.create, async (c) => {
      const row = await createAgent(db, uid(c), c.req.valid('json'));
      return c.json(toAgentDto(row, config), 201);
    })
    .openapi(routes.get, async (c) => {
      const row = await getOwnedAgentView(db, uid(c), c.req.valid('param').id);
      return c.json(toAgentDto(row, config), 200);
    })
    .openapi(routes.update, async (c) => {
      const row = await updateAgent(db, uid(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(toAgentDto(row, config), 200);
    })
    .openapi(routes.remove, async (c) => {
      await deleteAgent(db, uid(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(routes.workflow, async (c) => {
      const row = await getOwnedAgent(db, uid(c), c.req.valid('param').id);
      return c.json(workflowOf(row, config), 200);
    })
    .openapi(routes.conversations, async (c) => {
      const row = await getOwnedAgent(db, uid(c), c.req.valid('param').id);
      return c.json({ conversations: await listConversations(db, row.id) }, 200);
    })
    .openapi(routes.conversation, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const row = await getOwnedAgent(db, uid(c), id);
      return c.json(await getConversation(db, row.id, conversationId), 200);
    });
}
