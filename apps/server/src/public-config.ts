import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AppEnv } from './http/context';
import { supportWebhookId } from './support/support-agent';

const PublicConfigSchema = z
  .object({
    blogUrl: z.string().openapi({ description: "The 'Tutoriais' link" }),
    videoUrl: z.string().nullable().openapi({ description: 'Embeddable player URL of the explainer video (YouTube or Vimeo)' }),
    supportWebhookId: z.string().nullable().openapi({ description: "Public id of the product's own support agent" }),
  })
  .openapi('PublicConfig');

const route = createRoute({
  method: 'get',
  path: '/api/public-config',
  tags: ['system'],
  summary: 'Public settings of the site (never secrets)',
  responses: { 200: { description: 'Public configuration', content: { 'application/json': { schema: PublicConfigSchema } } } },
});

/** GET /api/public-config: the only configuration the browser receives (docs/product.md §1: the server owns every secret). */
export function publicConfigRoutes(db: Db, config: Config) {
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(
      {
        blogUrl: config.site.blogUrl,
        videoUrl: config.site.videoEmbedUrl ?? null,
        supportWebhookId: await supportWebhookId(db),
      },
      200,
    );
  });
}
