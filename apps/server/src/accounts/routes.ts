import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { meSchema } from '@atende/shared';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { errorResponses, sessionSecurity } from '../http/openapi';
import { getMe } from './profiles';

const meRoute = createRoute({
  method: 'get',
  path: '/api/me',
  tags: ['account'],
  summary: "The signed-in user's profile",
  security: sessionSecurity,
  responses: {
    200: { description: 'Profile', content: { 'application/json': { schema: meSchema } } },
    ...errorResponses(401),
  },
});

export function accountRoutes(db: Db, auth: Auth) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/me', requireAuth(auth));
  return app.openapi(meRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await getMe(db, c.var.auth.user.id), 200);
  });
}
