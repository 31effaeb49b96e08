import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { deliveryListSchema, undeliveredListSchema, whatsappCheckSchema, whatsappConfigInputSchema, whatsappConfigSchema } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import { getOwnedAgent } from '../../agents/service';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conversations } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../auth/guard';
import type { AppEnv } from '../../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, pathId, sessionSecurity } from '../../http/openapi';
import { getWhatsAppConfig, reverifyWhatsAppConfig, saveWhatsAppConfig } from './configuration';
import type { WhatsApp } from './service';
import { whatsappWebhookRoutes } from './webhook';

const ConfigSchema = named(whatsappConfigSchema, 'WhatsAppConfig');
const CheckSchema = named(whatsappCheckSchema, 'WhatsAppCheck');

const routes = {
  get: createRoute({
    method: 'get',
    path: '/api/agents/{id}/whatsapp',
    tags: ['whatsapp'],
    summary: 'The saved WhatsApp configuration (secrets masked), webhook URL and verify token',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(ConfigSchema, 'Configuration'), ...errorResponses(401, 404) },
  }),
  put: createRoute({
    method: 'put',
    path: '/api/agents/{id}/whatsapp',
    tags: ['whatsapp'],
    summary: 'Verify the credentials with the Graph API, then save them (encrypted); empty secrets keep the stored ones',
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(whatsappConfigInputSchema) },
    responses: { 200: jsonResponse(CheckSchema, 'Verified and saved'), ...errorResponses(400, 401, 404, 502) },
  }),
  undelivered: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations/{conversationId}/undelivered',
    tags: ['whatsapp'],
    summary:
      "The conversation's messages WhatsApp could not deliver ('Não entregue'): a failed status from Meta (131047 outside the 24-hour window, 131026 undeliverable…) or a send the Graph API refused, each with Meta's code and a pt-BR reason; empty on the web",
    security: sessionSecurity,
    request: { params: IdParams.extend({ conversationId: pathId }) },
    responses: { 200: jsonResponse(named(undeliveredListSchema, 'UndeliveredMessages'), 'Messages not delivered'), ...errorResponses(401, 404) },
  }),
  deliveries: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations/{conversationId}/deliveries',
    tags: ['whatsapp'],
    summary:
      "How far each of our messages in the conversation got on WhatsApp: sent, delivered ('Entregue'), read ('Lida') or failed ('Não entregue', with Meta's code and a pt-BR reason); a message sent in parts is as far as its least advanced part; empty on the web",
    security: sessionSecurity,
    request: { params: IdParams.extend({ conversationId: pathId }) },
    responses: { 200: jsonResponse(named(deliveryListSchema, 'MessageDeliveries'), 'Delivery states'), ...errorResponses(401, 404) },
  }),
  verify: createRoute({
    method: 'post',
    path: '/api/agents/{id}/whatsapp/verify',
    tags: ['whatsapp'],
    summary: 'Re-verify the saved credentials',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(CheckSchema, 'Verification result'), ...errorResponses(401, 404) },
  }),
};

/** The WhatsApp channel: the owner's configuration API and the public webhook. */
export function whatsappRoutes(deps: { db: Db; auth: Auth; config: Config; whatsapp: WhatsApp }) {
  const { db, auth, config, whatsapp } = deps;
  const configuration = { db, config, secrets: whatsapp.secrets, graph: whatsapp.graph };
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/whatsapp', requireAuth(auth));
  app.use('/api/agents/:id/whatsapp/*', requireAuth(auth));
  app.use('/api/agents/:id/conversations/:conversationId/undelivered', requireAuth(auth));
  app.use('/api/agents/:id/conversations/:conversationId/deliveries', requireAuth(auth));
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);
  /** The signed-in account's agent and that agent's conversation, or 404 (someone else's, or missing). */
  const ownedConversation = async (c: { var: AppEnv['Variables'] }, agentId: string, conversationId: string) => {
    const agent = await owned(c, agentId);
    const [conversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.agentId, agent.id)));
    if (!conversation) throw notFound('Conversation');
    return { agentId: agent.id, conversationId: conversation.id };
  };

  app.route('/', whatsappWebhookRoutes({ db, whatsapp }));
  return app
    .openapi(routes.get, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      return c.json(await getWhatsAppConfig(configuration, agent), 200);
    })
    .openapi(routes.put, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      return c.json(await saveWhatsAppConfig(configuration, agent, c.req.valid('json')), 200);
    })
    .openapi(routes.verify, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      return c.json(await reverifyWhatsAppConfig(configuration, agent), 200);
    })
    .openapi(routes.undelivered, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const owner = await ownedConversation(c, id, conversationId);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ messages: await whatsapp.deliveries.undelivered(owner.agentId, owner.conversationId) }, 200);
    })
    .openapi(routes.deliveries, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const owner = await ownedConversation(c, id, conversationId);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ messages: await whatsapp.deliveries.deliveries(owner.agentId, owner.conversationId) }, 200);
    });
}
