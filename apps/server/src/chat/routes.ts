import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { conversationListSchema, conversationSchema } from '@atende/shared';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/guard';
import type { Db } from '../db/client';
import type { AppEnv } from '../http/context';
import { errorResponses, IdParams, jsonResponse, named, pathId, sessionSecurity } from '../http/openapi';
import { getConversation, listConversations } from './conversations';

const ConversationParams = IdParams.extend({ conversationId: pathId });
const TranscriptQuery = z.object({
  before: pathId.optional().openapi({ description: 'A message of the conversation: the page of messages just before it (default: the latest)' }),
});

const routes = {
  conversations: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations',
    tags: ['conversations'],
    summary: "The agent's chat sessions, most recent first",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: {
      200: jsonResponse(named(conversationListSchema, 'ConversationList'), 'Conversations'),
      ...errorResponses(401, 404),
    },
  }),
  conversation: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations/{conversationId}',
    tags: ['conversations'],
    summary: 'One transcript: its latest messages (or those before `before`), oldest first, and whether earlier ones remain',
    security: sessionSecurity,
    request: { params: ConversationParams, query: TranscriptQuery },
    responses: { 200: jsonResponse(named(conversationSchema, 'Conversation'), 'Conversation'), ...errorResponses(400, 401, 404) },
  }),
};

/** The owner's view of an agent's conversations (the transcripts). */
export function conversationRoutes(db: Db, auth: Auth) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/conversations', requireAuth(auth));
  app.use('/api/agents/:id/conversations/*', requireAuth(auth));
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);

  return app
    .openapi(routes.conversations, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      return c.json({ conversations: await listConversations(db, agent.id) }, 200);
    })
    .openapi(routes.conversation, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const { before } = c.req.valid('query');
      const agent = await owned(c, id);
      return c.json(await getConversation(db, agent.id, conversationId, before), 200);
    });
}
