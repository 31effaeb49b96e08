import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { chatHistoryRequestSchema, chatHistorySchema, chatRequestSchema, TEST_MESSAGES_PER_DAY } from '@atende/shared';
import { bodyLimit } from '../../http/body-limit';
import { getAccountPlan } from '../../accounts/plan';
import { getOwnedAgent } from '../../agents/service';
import type { Auth } from '../../auth/auth';
import { sessionHistory } from '../../chat/conversations';
import { runTurn, type ChatRuntime } from '../../chat/runtime';
import { requireAuth } from '../../auth/guard';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../lib/errors';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, sessionSecurity } from '../../http/openapi';
import { webSessionKeys } from '../../chat/session-keys';
import type { Config } from '../../config';
import { answerTurn } from './answer-routes';

const routes = {
  send: createRoute({
    method: 'post',
    path: '/api/agents/{id}/test-chat',
    tags: ['conversations'],
    summary: `The owner's test chat: one message, answered like the public chat (JSON, or SSE with Accept: text/event-stream). Counted against the daily test allowance (${TEST_MESSAGES_PER_DAY} per account), never the monthly quota`,
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(chatRequestSchema) },
    responses: {
      200: {
        description: 'The reply',
        content: {
          'application/json': { schema: z.object({ output: z.string() }) },
          'text/event-stream': { schema: z.string().openapi({ description: 'token, done or error events (see the public chat)' }) },
        },
      },
      ...errorResponses(400, 401, 404, 413, 429, 502),
    },
  }),
  history: createRoute({
    method: 'post',
    path: '/api/agents/{id}/test-chat/history',
    tags: ['conversations'],
    summary: 'The messages of one test chat session, oldest first (none before its first message); the session id travels in the body',
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(chatHistoryRequestSchema) },
    responses: { 200: jsonResponse(named(chatHistorySchema, 'ChatHistory'), 'Messages'), ...errorResponses(400, 401, 404) },
  }),
};

/**
 * The workspace's 'Teste': the owner talks to the agent as a customer would. It is its own conversation
 * (channel 'test', so it never meets a public chat session, even with the same id in the same browser),
 * shown as a test in the transcripts, and needs the owner's login: it cannot serve as a free public chatbot.
 * It works on an inactive agent too, so an agent can be tried before it goes live.
 */
export function playgroundRoutes(deps: { runtime: ChatRuntime; auth: Auth; config: Config }) {
  const { runtime, auth } = deps;
  const { db } = runtime;
  // Stored like the public chat's sessions (ADR 0011): the keyed hash of the id, never the id.
  const keys = webSessionKeys(deps.config);
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/test-chat', requireAuth(auth));
  app.use('/api/agents/:id/test-chat/*', requireAuth(auth));
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Chat request too large', { userMessage: 'Mensagem muito longa.' });
  };
  app.use('/api/agents/:id/test-chat', bodyLimit({ maxSize: 32 * 1024, onError: tooLarge }));
  app.use('/api/agents/:id/test-chat/*', bodyLimit({ maxSize: 4 * 1024, onError: tooLarge }));

  return app
    .openapi(routes.send, async (c) => {
      const userId = c.var.auth.user.id;
      const [agent, plan] = await Promise.all([getOwnedAgent(db, userId, c.req.valid('param').id), getAccountPlan(db, userId)]);
      const { message, sessionId } = c.req.valid('json');
      return answerTurn(c, (onDelta) => runTurn(runtime, { agent, plan, channel: 'test', sessionId: keys.keyFor(agent.id, sessionId), message, onDelta }));
    })
    .openapi(routes.history, async (c) => {
      const agent = await getOwnedAgent(db, c.var.auth.user.id, c.req.valid('param').id);
      const messages = await sessionHistory(db, agent.id, 'test', keys.keyFor(agent.id, c.req.valid('json').sessionId));
      // Before its first message a session has no messages, as the public chat's history answers (not a 404: every new
      // 'Teste' tab read it, and the browser logged each one as an error).
      c.header('Cache-Control', 'private, no-store');
      return c.json({ messages }, 200);
    });
}
