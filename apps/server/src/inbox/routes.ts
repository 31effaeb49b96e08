import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  channels,
  conversationStates,
  conversationSummarySchema,
  handoffSettingsSchema,
  inboxListSchema,
  teamMessageRequestSchema,
  teamMessageResponseSchema,
} from '@atende/shared';
import { eq } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/guard';
import { toSummary } from '../chat/conversations';
import { handoffSettings } from '../chat/handoff';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';
import { agents } from '../db/schema';
import type { AppEnv } from '../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, pathId, sessionSecurity } from '../http/openapi';
import type { Inbox } from './service';

const ConversationParams = IdParams.extend({ conversationId: pathId });
const Summary = named(conversationSummarySchema, 'ConversationSummary');
const HEARTBEAT_MS = 15_000;

const action = <P extends string>(path: P, summary: string, statuses: number[]) =>
  createRoute({
    method: 'post',
    path: `/api/agents/{id}/conversations/{conversationId}/${path}` as `/api/agents/{id}/conversations/{conversationId}/${P}`,
    tags: ['inbox'],
    summary,
    security: sessionSecurity,
    request: { params: ConversationParams },
    responses: { 200: jsonResponse(Summary, 'The conversation after the change'), ...errorResponses(...statuses) },
  });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/api/inbox',
    tags: ['inbox'],
    summary: "Every customer conversation of the account's agents, newest first ('Atendimentos')",
    security: sessionSecurity,
    request: {
      query: z.object({
        agentId: pathId.optional(),
        channel: z.enum(channels).optional(),
        state: z.enum(conversationStates).optional(),
      }),
    },
    responses: { 200: jsonResponse(named(inboxListSchema, 'InboxList'), 'Conversations'), ...errorResponses(400, 401) },
  }),
  events: createRoute({
    method: 'get',
    path: '/api/inbox/events',
    tags: ['inbox'],
    summary:
      "Server-sent events: `event: inbox` with `{conversationId, agentId, kind}` (message, state, read, erased; delivery: a message of ours not delivered on WhatsApp; receipt: delivered or read) whenever one of the account's conversations changes, on any instance; `event: ready` once listening; `: ping` heartbeats",
    security: sessionSecurity,
    responses: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } }, ...errorResponses(401) },
  }),
  takeover: action('takeover', 'The team takes the conversation over: the agent stops answering there (409 when someone already did)', [401, 404, 409]),
  release: action('release', 'Hand the conversation back to the agent (409 when the agent already has it)', [401, 404, 409]),
  close: action('close', 'Close the conversation: the agent answers again when the customer next writes (409 when already closed)', [401, 404, 409]),
  read: action('read', 'The team has seen the conversation: its unread count goes to zero', [401, 404]),
  message: createRoute({
    method: 'post',
    path: '/api/agents/{id}/conversations/{conversationId}/messages',
    tags: ['inbox'],
    summary:
      "Send a message of the team to the customer on the conversation's channel (the public chat live, WhatsApp through the Graph API); takes the conversation over. 422 on WhatsApp outside the 24-hour customer service window",
    security: sessionSecurity,
    request: { params: ConversationParams, body: jsonBody(teamMessageRequestSchema) },
    responses: { 201: jsonResponse(named(teamMessageResponseSchema, 'TeamMessage'), 'Stored and handed to the channel'), ...errorResponses(400, 401, 404, 422) },
  }),
  getHandoff: createRoute({
    method: 'get',
    path: '/api/agents/{id}/handoff',
    tags: ['inbox'],
    summary: "The agent's handoff settings: its message, after how many unanswered replies it calls the team, the team's timeout, the WhatsApp number told, business hours",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(named(handoffSettingsSchema, 'HandoffSettings'), 'Settings'), ...errorResponses(401, 404) },
  }),
  putHandoff: createRoute({
    method: 'put',
    path: '/api/agents/{id}/handoff',
    tags: ['inbox'],
    summary: "Set the agent's handoff settings",
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(handoffSettingsSchema) },
    responses: { 200: jsonResponse(named(handoffSettingsSchema, 'HandoffSettings'), 'Saved'), ...errorResponses(400, 401, 404) },
  }),
};

/**
 * The inbox ('Atendimentos', issue 16): owner-only, every conversation checked against the owner's agents.
 * The live stream looks its session up again at every heartbeat (`heartbeatMs`, 15 s) and ends once the session
 * is gone (signed out, a new password, the account deleted, expired).
 */
export function inboxRoutes(deps: { db: Db; auth: Auth; inbox: Inbox; notifier: Notifier; heartbeatMs?: number }) {
  const { db, auth, inbox, notifier, heartbeatMs = HEARTBEAT_MS } = deps;
  const app = new OpenAPIHono<AppEnv>();
  for (const path of ['/api/inbox', '/api/inbox/*', '/api/agents/:id/handoff', '/api/agents/:id/conversations/:conversationId/*']) {
    app.use(path, requireAuth(auth));
  }
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);

  return app
    .openapi(routes.list, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ conversations: await inbox.list(c.var.auth.user.id, c.req.valid('query')) }, 200);
    })
    .openapi(routes.events, (c) => {
      const userId = c.var.auth.user.id;
      const sessionId = c.var.auth.session.id;
      // The headers that authenticated the stream (GET: its cookie or bearer token), to look the session up again.
      const headers = new Headers(c.req.raw.headers);
      c.header('Cache-Control', 'no-cache, no-transform');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let signedOut!: () => void;
        const ended = new Promise<void>((resolve) => (signedOut = resolve));
        const stop = await notifier.listen((notice) => {
          if (notice.type !== 'inbox' || notice.userId !== userId) return;
          const data = { conversationId: notice.conversationId, agentId: notice.agentId, kind: notice.kind };
          void stream.writeSSE({ event: 'inbox', data: JSON.stringify(data) }).catch(() => {});
        });
        let checking = false;
        const heartbeat = setInterval(() => {
          void stream.write(': ping\n\n').catch(() => {});
          if (checking) return;
          checking = true;
          void sessionStillValid(auth, headers, sessionId)
            .then((valid) => {
              if (!valid) signedOut();
            })
            .finally(() => (checking = false));
        }, heartbeatMs);
        try {
          await stream.writeSSE({ event: 'ready', data: '{}' });
          await Promise.race([new Promise<void>((resolve) => stream.onAbort(resolve)), notifier.closed, ended]);
        } finally {
          clearInterval(heartbeat);
          stop();
        }
      }) as never;
    })
    .openapi(routes.takeover, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const agent = await owned(c, id);
      return c.json(toSummary(await inbox.takeOver(agent.id, conversationId)), 200);
    })
    .openapi(routes.release, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const agent = await owned(c, id);
      return c.json(toSummary(await inbox.release(agent.id, conversationId)), 200);
    })
    .openapi(routes.close, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const agent = await owned(c, id);
      return c.json(toSummary(await inbox.close(agent.id, conversationId)), 200);
    })
    .openapi(routes.read, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const agent = await owned(c, id);
      return c.json(toSummary(await inbox.read(agent.id, conversationId)), 200);
    })
    .openapi(routes.message, async (c) => {
      const { id, conversationId } = c.req.valid('param');
      const agent = await owned(c, id);
      const { conversation, message } = await inbox.reply(agent.id, conversationId, c.req.valid('json').text);
      return c.json({ message, conversation: toSummary(conversation) }, 201);
    })
    .openapi(routes.getHandoff, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await handoffSettings(db, agent.id), 200);
    })
    .openapi(routes.putHandoff, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      const s = c.req.valid('json');
      await db
        .update(agents)
        .set({
          handoffMessage: s.message,
          handoffAfterUnanswered: s.afterUnanswered,
          handoffTimeoutMinutes: s.timeoutMinutes,
          notifyWhatsapp: s.notifyWhatsapp,
          businessHours: s.businessHours,
        })
        .where(eq(agents.id, agent.id));
      return c.json(await handoffSettings(db, agent.id), 200);
    });
}

/**
 * Whether the session that opened a stream still exists. A failed lookup (the database briefly unreachable) keeps
 * the stream: the next heartbeat asks again.
 */
async function sessionStillValid(auth: Auth, headers: Headers, sessionId: string): Promise<boolean> {
  try {
    const current = await auth.api.getSession({ headers });
    return current?.session.id === sessionId;
  } catch {
    return true;
  }
}
