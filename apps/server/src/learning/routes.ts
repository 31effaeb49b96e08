import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { taughtAnswerInputSchema, taughtAnswerListSchema, taughtAnswerPatchSchema, taughtAnswerSchema } from '@atende/shared';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, pathId, sessionSecurity } from '../http/openapi';
import { createTaughtAnswer, deleteTaughtAnswer, listTaughtAnswers, updateTaughtAnswer, type TaughtAnswerIndex } from './taught-answers';

const AnswerParams = IdParams.extend({ answerId: pathId });
const TaughtAnswerSchema = named(taughtAnswerSchema, 'TaughtAnswer');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/agents/{id}/answers',
    tags: ['answers'],
    summary: "The agent's taught answers, newest first",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(named(taughtAnswerListSchema, 'TaughtAnswerList'), 'Taught answers'), ...errorResponses(401, 404) },
  }),
  create: createRoute({
    method: 'post',
    path: '/api/agents/{id}/answers',
    tags: ['answers'],
    summary: 'Teach the agent an answer: used from the next message on, for the question and its paraphrases, before the knowledge',
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(taughtAnswerInputSchema) },
    responses: { 201: jsonResponse(TaughtAnswerSchema, 'Taught answer'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  update: createRoute({
    method: 'patch',
    path: '/api/agents/{id}/answers/{answerId}',
    tags: ['answers'],
    summary: 'Change the question or the answer',
    security: sessionSecurity,
    request: { params: AnswerParams, body: jsonBody(taughtAnswerPatchSchema) },
    responses: { 200: jsonResponse(TaughtAnswerSchema, 'Taught answer'), ...errorResponses(400, 401, 404, 409) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/agents/{id}/answers/{answerId}',
    tags: ['answers'],
    summary: 'Forget a taught answer',
    security: sessionSecurity,
    request: { params: AnswerParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
  }),
};

/** Taught answers ('Ensinar resposta'), listed under the agent's knowledge. */
export function taughtAnswerRoutes(db: Db, auth: Auth, index: Pick<TaughtAnswerIndex, 'changed'>) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/answers', requireAuth(auth));
  app.use('/api/agents/:id/answers/*', requireAuth(auth));
  const owned = async (c: { var: AppEnv['Variables'] }, agentId: string) => (await getOwnedAgent(db, c.var.auth.user.id, agentId)).id;

  return app
    .openapi(routes.list, async (c) => {
      const agentId = await owned(c, c.req.valid('param').id);
      return c.json({ answers: await listTaughtAnswers(db, agentId) }, 200);
    })
    .openapi(routes.create, async (c) => {
      const agentId = await owned(c, c.req.valid('param').id);
      const created = await createTaughtAnswer(db, agentId, c.req.valid('json'));
      await index.changed(agentId);
      return c.json(created, 201);
    })
    .openapi(routes.update, async (c) => {
      const { id, answerId } = c.req.valid('param');
      const agentId = await owned(c, id);
      const updated = await updateTaughtAnswer(db, agentId, answerId, c.req.valid('json'));
      await index.changed(agentId);
      return c.json(updated, 200);
    })
    .openapi(routes.remove, async (c) => {
      const { id, answerId } = c.req.valid('param');
      const agentId = await owned(c, id);
      await deleteTaughtAnswer(db, agentId, answerId);
      await index.changed(agentId);
      return c.body(null, 204);
    });
}
