import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ResponderMode } from './chat/types';
import { isMercadoPagoConfigured, type Config } from './config';
import { ping, type Database } from './db/client';
import type { AppEnv } from './http/context';
import { databaseUnavailable } from './lib/errors';

const HealthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    llm: z.enum(['offline', 'model']).openapi({
      description: '"offline" (the built-in responder) or "model" (an OpenAI-compatible provider is configured; which one is not told)',
    }),
    payments: z.enum(['sandbox', 'mercadopago']),
  })
  .openapi('Health');

const route = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['system'],
  summary: 'Liveness and configured modes',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unreachable' },
  },
});

export function healthRoutes(config: Config, database: Database, llm: ResponderMode) {
  const payments = isMercadoPagoConfigured(config) ? 'mercadopago' : 'sandbox';
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    try {
      await ping(database.db);
    } catch (err) {
      throw databaseUnavailable(err);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: database.kind, llm, payments }, 200);
  });
}
