import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { agentListSchema, agentSchema, createAgentSchema, testDay, updateAgentSchema, workflowDocumentSchema } from '@atende/shared';
import { getAccountPlan } from '../accounts/plan';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/guard';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { AppEnv } from '../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, sessionSecurity } from '../http/openapi';
import { messagesUsed, testMessagesUsed, usageOf } from '../usage/quota';
import { createAgent, deleteAgent, getOwnedAgent, getOwnedAgentView, listAgents, toAgentDto, updateAgent, workflowOf } from './service';

const AgentSchema = named(agentSchema, 'Agent');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/agents',
    tags: ['agents'],
    summary: "The user's agents, plan and usage",
    security: sessionSecurity,
    responses: { 200: jsonResponse(named(agentListSchema, 'AgentList'), 'Agents'), ...errorResponses(401) },
  }),
  create: createRoute({
    method: 'post',
    path: '/api/agents',
    tags: ['agents'],
    summary: 'Create an agent (activated at once)',
    security: sessionSecurity,
    request: { body: jsonBody(createAgentSchema) },
    responses: { 201: jsonResponse(AgentSchema, 'Created'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/agents/{id}',
    tags: ['agents'],
    summary: 'One agent',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(AgentSchema, 'Agent'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/agents/{id}',
    tags: ['agents'],
    summary: 'Rename, activate/deactivate, or change the personality',
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(updateAgentSchema) },
    responses: { 200: jsonResponse(AgentSchema, 'Agent'), ...errorResponses(400, 401, 404) },
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
    responses: { 200: jsonResponse(named(workflowDocumentSchema, 'Workflow'), 'Workflow'), ...errorResponses(401, 404) },
  }),
};

export function agentRoutes(db: Db, auth: Auth, config: Config, storage: FileStorage) {
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
      const [rows, plan, used, tests] = await Promise.all([
        listAgents(db, userId),
        getAccountPlan(db, userId),
        messagesUsed(db, userId),
        testMessagesUsed(db, userId, testDay()),
      ]);
      return c.json(
        {
          agents: rows.map((r) => toAgentDto(r, config)),
          plan: { id: plan.id, name: plan.name },
          usage: usageOf(plan, { messagesUsed: used, agentsUsed: rows.length, testMessagesUsed: tests }),
        },
        200,
      );
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
      const objects = await deleteAgent(db, uid(c), c.req.valid('param').id);
      // The rows are gone; their stored objects follow (a failure is logged, never shown: nothing points at them).
      for (const key of objects) {
        await storage.delete(key).catch((err: unknown) => c.get('logger')?.warn({ err, key }, 'could not delete a stored object'));
      }
      return c.body(null, 204);
    })
    .openapi(routes.workflow, async (c) => {
      const row = await getOwnedAgent(db, uid(c), c.req.valid('param').id);
      return c.json(workflowOf(row, config), 200);
    });
}
