import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { whatsappCheckSchema, whatsappConfigInputSchema, whatsappConfigSchema } from '@atende/shared';
import { getOwnedAgent } from '../../agents/service';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireAuth } from '../../auth/guard';
import type { AppEnv } from '../../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, sessionSecurity } from '../../http/openapi';
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
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);

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
    });
}
