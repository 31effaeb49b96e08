import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { webLimitsInputSchema, webLimitsSchema } from '@atende/shared';
import { getOwnedAgent } from '../../agents/service';
import type { Auth } from '../../auth/auth';
import { requireAuth } from '../../auth/guard';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, sessionSecurity } from '../../http/openapi';
import { getAccountPlan } from '../../accounts/plan';
import { defaultLimitsFor, readWebLimits, refusedToday, saveWebLimits } from '../../usage/web-chat-limits';

const WebLimitsSchema = named(webLimitsSchema, 'WebChatLimits');

const routes = {
  get: createRoute({
    method: 'get',
    path: '/api/agents/{id}/web-limits',
    tags: ['agents'],
    summary: "The public web chat's limits for anonymous visitors, and the messages they refused today",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(WebLimitsSchema, 'Limits'), ...errorResponses(401, 404) },
  }),
  put: createRoute({
    method: 'put',
    path: '/api/agents/{id}/web-limits',
    tags: ['agents'],
    summary: "Set the public web chat's limits: N messages every M seconds per visitor, and per day per visitor and per address",
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(webLimitsInputSchema) },
    responses: { 200: jsonResponse(WebLimitsSchema, 'Saved'), ...errorResponses(400, 401, 404) },
  }),
};

/** The owner's view and settings of an agent's public web chat limits (issue 13, item 5). */
export function webLimitsRoutes(deps: { db: Db; auth: Auth; config: Config }) {
  const { db, auth, config } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/web-limits', requireAuth(auth));
  return app
    .openapi(routes.get, async (c) => {
      const userId = c.var.auth.user.id;
      const agent = await getOwnedAgent(db, userId, c.req.valid('param').id);
      const defaults = defaultLimitsFor(await getAccountPlan(db, userId), config.webChatLimits, config.webChatAddressShare);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readWebLimits(db, agent, defaults), 200);
    })
    .openapi(routes.put, async (c) => {
      const agent = await getOwnedAgent(db, c.var.auth.user.id, c.req.valid('param').id);
      const limits = c.req.valid('json');
      await saveWebLimits(db, agent.id, limits);
      return c.json({ ...limits, refusedToday: await refusedToday(db, agent.id) }, 200);
    });
}
