import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { agentAppearanceSchema, AVATAR_MAX_BYTES, appearanceInputSchema } from '@atende/shared';
import { bodyLimit } from '../http/body-limit';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { AppError } from '../lib/errors';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, sessionSecurity } from '../http/openapi';
import type { Logger } from '../logger';
import { avatarTooLarge, readAppearance, removeAvatar, replaceAvatar, saveAppearance, toAgentAppearance } from './service';

const AppearanceSchema = named(agentAppearanceSchema, 'AgentAppearance');

const routes = {
  get: createRoute({
    method: 'get',
    path: '/api/agents/{id}/appearance',
    tags: ['appearance'],
    summary: 'How the agent looks to customers',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(AppearanceSchema, 'Appearance'), ...errorResponses(401, 404) },
  }),
  put: createRoute({
    method: 'put',
    path: '/api/agents/{id}/appearance',
    tags: ['appearance'],
    summary: 'Save colour, display name, welcome message, suggested questions and widget position',
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(appearanceInputSchema) },
    responses: { 200: jsonResponse(AppearanceSchema, 'Saved'), ...errorResponses(400, 401, 404) },
  }),
  removeAvatar: createRoute({
    method: 'delete',
    path: '/api/agents/{id}/appearance/avatar',
    tags: ['appearance'],
    summary: 'Remove the avatar',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(AppearanceSchema, 'Appearance without avatar'), ...errorResponses(401, 404) },
  }),
};

/** 'Aparência': the owner's settings of how an agent looks on the public chat, the frame and the widget. */
export function appearanceRoutes(deps: { db: Db; auth: Auth; config: Config; storage: FileStorage; logger: Logger }) {
  const { db, auth, config } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/appearance', requireAuth(auth));
  app.use('/api/agents/:id/appearance/*', requireAuth(auth));
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);
  const answer = async (agent: { id: string; webhookId: string }) =>
    toAgentAppearance(await readAppearance(db, agent.id), agent, config.publicUrl);

  app.openAPIRegistry.registerPath({
    method: 'put',
    path: '/api/agents/{id}/appearance/avatar',
    tags: ['appearance'],
    summary: `Replace the avatar (multipart field "file"; PNG, JPEG or WebP by content; up to ${AVATAR_MAX_BYTES / 1024} KB)`,
    security: sessionSecurity,
    request: {
      params: IdParams,
      body: { content: { 'multipart/form-data': { schema: z.object({ file: z.string().openapi({ format: 'binary' }) }) } } },
    },
    responses: { 200: jsonResponse(AppearanceSchema, 'Appearance with the new avatar'), ...errorResponses(400, 401, 404, 413, 415) },
  });
  app.put(
    '/api/agents/:id/appearance/avatar',
    bodyLimit({
      // The picture plus the multipart envelope.
      maxSize: AVATAR_MAX_BYTES + 16 * 1024,
      onError: () => {
        throw avatarTooLarge();
      },
    }),
    async (c) => {
      const agent = await owned(c, c.req.param('id'));
      const form = await c.req.parseBody().catch(() => {
        throw new AppError('VALIDATION_FAILED', 'Expected multipart/form-data', { userMessage: 'Envio de imagem inválido.' });
      });
      const file = form.file;
      if (!(file instanceof File)) {
        throw new AppError('VALIDATION_FAILED', 'Missing multipart field "file"', { userMessage: 'Escolha uma imagem para enviar.' });
      }
      if (file.size > AVATAR_MAX_BYTES) throw avatarTooLarge();
      await replaceAvatar(deps, agent, new Uint8Array(await file.arrayBuffer()));
      return c.json(await answer(agent), 200);
    },
  );

  return app
    .openapi(routes.get, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await answer(agent), 200);
    })
    .openapi(routes.put, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      await saveAppearance(db, agent.id, c.req.valid('json'));
      return c.json(await answer(agent), 200);
    })
    .openapi(routes.removeAvatar, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      await removeAvatar(deps, agent.id);
      return c.json(await answer(agent), 200);
    });
}
