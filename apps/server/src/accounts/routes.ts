import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { accountDeletionSchema, meSchema, profileUpdateSchema } from '@atende/shared';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { errorResponses, jsonBody, jsonResponse, named, sessionSecurity } from '../http/openapi';
import { deleteAccount, type AccountDeletionDeps } from './deletion';
import { getMe, updateProfile } from './profiles';

const MeSchema = named(meSchema, 'Me');

const routes = {
  get: createRoute({
    method: 'get',
    path: '/api/me',
    tags: ['account'],
    summary: "The signed-in user's profile",
    security: sessionSecurity,
    responses: { 200: jsonResponse(MeSchema, 'Profile'), ...errorResponses(401) },
  }),
  patch: createRoute({
    method: 'patch',
    path: '/api/me',
    tags: ['account'],
    summary: "Change the profile ('Seus dados'): name, company, phone (a Brazilian number)",
    security: sessionSecurity,
    request: { body: jsonBody(profileUpdateSchema) },
    responses: { 200: jsonResponse(MeSchema, 'Profile'), ...errorResponses(400, 401) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/api/me',
    tags: ['account'],
    summary: 'Delete the account for good, confirmed with its password: cancels the subscription and deletes agents, files, conversations',
    security: sessionSecurity,
    request: { body: jsonBody(accountDeletionSchema) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 502) },
  }),
};

export function accountRoutes(deps: Omit<AccountDeletionDeps, 'auth' | 'db'> & { db: Db; auth: Auth }) {
  const { db, auth } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/me', requireAuth(auth));
  return app
    .openapi(routes.get, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await getMe(db, c.var.auth.user.id), 200);
    })
    .openapi(routes.patch, async (c) => c.json(await updateProfile(db, c.var.auth.user.id, c.req.valid('json')), 200))
    .openapi(routes.delete, async (c) => {
      await deleteAccount(deps, c.var.auth.user.id, c.req.valid('json').password);
      return c.body(null, 204);
    });
}
