import {
  CHAT_MESSAGE_MAX,
  chatHistoryRequestSchema,
  chatRequestSchema,
  SESSION_ID_RULE,
  type ChatMessage,
  type PublicAgent,
} from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import { bodyLimit } from '../../http/body-limit';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import type { Config } from '../../config';
import { conversations } from '../../db/schema';
import { clientNetwork, clientNetworkOf } from '../../http/client-ip';
import type { FastRoute } from '../../http/fast-route';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../lib/errors';
import { OpenStreams, RateLimiter, type LimitRule } from '../../http/rate-limit';
import { sessionHistory, type AgentVersion } from '../../chat/conversations';
import { avatarVersion, readAppearance, toPublicAppearance } from '../../appearance/service';
import { runTurn, StaleAgent, type ChatRuntime } from '../../chat/runtime';
import type { FileStorage } from '../../files/storage';
import { activeAgents, type ActiveAgent } from './active-agents';
import { answerTurn, answerTurnFast, type RunTurn } from './answer-routes';
import type { LiveFeed } from '../core';
import { webSessionKeys } from '../../chat/session-keys';
import { defaultLimitsFor, effectiveLimits, VisitorRates, type VisitorCount } from '../../usage/web-chat-limits';

/** The public chat's CORS: any site may call it, without credentials. */
const CORS = {
  origin: '*',
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Accept'],
  maxAge: 86400,
  credentials: false,
};

export interface ChatLimits {
  perIp: LimitRule;
  perSession: LimitRule;
}

export function chatLimitsFrom(config: Config): ChatLimits {
  return {
    perIp: { limit: config.limits.chatPerIpPerMin, windowMs: 60_000 },
    perSession: { limit: config.limits.chatPerSessionPerMin, windowMs: 60_000 },
  };
}

/**
 * The public chat channel (docs/product.md §3, §7): POST /webhook/{webhookId} answers
 * {output}, or streams it over SSE; open CORS without credentials. The
 * session id is the visitor's secret (ADR 0011): only its keyed hash reaches
 * the database, guessable ids are refused, and it never travels in a URL.
 */
export function webChatRoutes(deps: {
  runtime: ChatRuntime;
  config: Config;
  storage: FileStorage;
  limits?: ChatLimits;
  /** The team's messages pushed to open chats (channels/core/live.ts). */
  live?: LiveFeed;
}) {
  const { runtime, config } = deps;
  const db = runtime.db;
  const agentsByWebhook = activeAgents(db);
  const limits = deps.limits ?? chatLimitsFrom(config);
  const perIp = new RateLimiter(limits.perIp);
  const perSession = new RateLimiter(limits.perSession);
  // Live streams held open at once (per instance): a visitor's tabs on one conversation, and one address's on an agent.
  const streamsPerSession = new OpenStreams(LIVE_STREAMS_PER_CONVERSATION);
  const streamsPerAddress = new OpenStreams(LIVE_STREAMS_PER_ADDRESS);
  const keys = webSessionKeys(config);
  const rates = new VisitorRates();
  const app = new Hono<AppEnv>();

  /**
   * The agent's own limits for anonymous visitors (issue 13, item 5): the rate here (process memory), the daily
   * counts in the turn's first statement (chat/conversations.ts beginTurn); refused with 429 and a pt-BR reason.
   */
  function admitVisitor(agentId: string, visitor: VisitorCount): VisitorCount {
    const wait = rates.take(agentId, visitor.session, visitor.limits);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', 'Too many messages from this visitor', {
        retryAfter: wait,
        userMessage: `Muitas mensagens seguidas. Aguarde ${wait} ${wait === 1 ? 'segundo' : 'segundos'} e tente novamente.`,
      });
    }
    return visitor;
  }

  app.use('/webhook/*', cors(CORS));

  // The public chat's configuration: the agent's name and how it looks ('Aparência'), nothing private.
  app.get('/webhook/:webhookId', async (c) => {
    const { agent } = await agentsByWebhook.read(c.req.param('webhookId'));
    const appearance = toPublicAppearance(await readAppearance(db, agent.id), agent, config.publicUrl);
    c.header('Cache-Control', 'no-cache');
    return c.json({ name: agent.name, webhookId: agent.webhookId, appearance } satisfies PublicAgent);
  });

  // The avatar, from the private storage. Only pictures whose bytes were checked (PNG, JPEG, WebP) are ever
  // stored, and they go out with that type and nosniff: never as a page that could run a script.
  app.get('/webhook/:webhookId/avatar', async (c) => {
    const { agent } = await agentsByWebhook.read(c.req.param('webhookId'));
    const row = await readAppearance(db, agent.id);
    if (!row?.avatarKey || !row.avatarType) throw new AppError('NOT_FOUND', 'No avatar', { userMessage: 'Imagem não encontrada.' });
    const bytes = await deps.storage.get(row.avatarKey);
    const current = c.req.query('v') === avatarVersion(row.avatarKey);
    return new Response(bytes, {
      headers: {
        'Content-Type': row.avatarType,
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': 'inline',
        // A versioned address never changes content; anything else is checked again.
        'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  });

  // The conversation so far, for the holder of its session id. Reads count against the same limits as messages.
  app.post('/webhook/:webhookId/history', bodyLimit({ maxSize: 4 * 1024, onError: refuseTooLarge }), async (c) => {
    perIp.consume(clientNetwork(c, config.trustProxy));
    const body = chatHistoryRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) throw invalidRequest(body.error);
    const { agent } = await agentsByWebhook.read(c.req.param('webhookId'));
    perSession.consume(`${agent.id}:${body.data.sessionId}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: await sessionHistory(db, agent.id, 'web', keys.keyFor(agent.id, body.data.sessionId)) });
  });

  /**
   * The visitor's live stream (issue 16): the messages the team writes from the inbox, and the agent's notice when it
   * takes the conversation back, as `event: message` with a ChatMessage; `: ping` heartbeats. POST, so the session
   * secret travels in the body. 404 before the visitor's first message (there is no conversation to follow yet).
   */
  app.post('/webhook/:webhookId/live', bodyLimit({ maxSize: 4 * 1024, onError: refuseTooLarge }), async (c) => {
    const network = clientNetwork(c, config.trustProxy);
    perIp.consume(network);
    const body = chatHistoryRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) throw invalidRequest(body.error);
    const { agent } = await agentsByWebhook.read(c.req.param('webhookId'));
    perSession.consume(`${agent.id}:${body.data.sessionId}`);
    const [conversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.agentId, agent.id), eq(conversations.channel, 'web'), eq(conversations.sessionId, keys.keyFor(agent.id, body.data.sessionId))));
    if (!conversation || !deps.live) throw new AppError('NOT_FOUND', 'No conversation yet', { userMessage: 'Nenhuma conversa ainda.' });
    const live = deps.live;
    const releaseAddress = streamsPerAddress.acquire(`${agent.id}:${network}`);
    const releaseSession = releaseAddress && streamsPerSession.acquire(conversation.id);
    if (!releaseAddress || !releaseSession) {
      releaseAddress?.();
      throw new AppError('RATE_LIMITED', 'Too many live streams open', {
        userMessage: 'Muitas janelas deste chat abertas ao mesmo tempo. Feche alguma e tente de novo.',
        retryAfter: 30,
      });
    }
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      try {
        const stop = await live.subscribe(conversation.id, (m) => {
          const message: ChatMessage = { id: m.id, role: m.role, content: m.content, createdAt: m.createdAt };
          void stream.writeSSE({ event: 'message', data: JSON.stringify(message) }).catch(() => {});
        });
        const heartbeat = setInterval(() => void stream.write(': ping\n\n').catch(() => {}), 15_000);
        try {
          await stream.writeSSE({ event: 'ready', data: '{}' });
          await Promise.race([new Promise<void>((resolve) => stream.onAbort(resolve)), live.closed]);
        } finally {
          clearInterval(heartbeat);
          stop();
        }
      } finally {
        releaseSession();
        releaseAddress();
      }
    });
  });

  /**
   * A visitor's message, checked (the rate limits, the request) and ready to run: what POST /webhook/{webhookId}
   * answers, on Hono or on its fast route.
   */
  async function visitorTurn(webhookId: string, json: unknown, network: string): Promise<RunTurn> {
    perIp.consume(network);
    const body = chatRequestSchema.safeParse(json);
    if (!body.success) throw invalidRequest(body.error);
    const { message } = body.data;
    const visitorOf = (active: ActiveAgent): VisitorCount => ({
      session: keys.keyFor(active.agent.id, body.data.sessionId),
      network,
      limits: effectiveLimits(active.limits, defaultLimitsFor(active.plan, config.webChatLimits, config.webChatAddressShare)),
    });
    const turn = (active: ActiveAgent, visitor: VisitorCount, onDelta?: (delta: string) => void, agentVersion?: AgentVersion) =>
      runTurn(runtime, { agent: active.agent, plan: active.plan, channel: 'web', sessionId: visitor.session, message, visitor, agentVersion, onDelta });
    // From memory after the first turn (ADR 0019): beginTurn checks that it is still current, else it is read again.
    const cached = await agentsByWebhook.cached(webhookId);
    perSession.consume(`${cached.agent.id}:${body.data.sessionId}`);
    const visitor = admitVisitor(cached.agent.id, visitorOf(cached));
    return async (onDelta) => {
      try {
        return await turn(cached, visitor, onDelta, cached.version);
      } catch (err) {
        if (!(err instanceof StaleAgent)) throw err;
      }
      // Out of date: nothing was stored or counted. The turn again, with the agent as it is now (as before ADR 0019).
      const now = await agentsByWebhook.read(webhookId);
      return turn(now, visitorOf(now), onDelta);
    };
  }

  app.post('/webhook/:webhookId', bodyLimit({ maxSize: TURN_BODY_LIMIT, onError: refuseTooLarge }), async (c) => {
    const json: unknown = await c.req.json().catch(() => null);
    return answerTurn(c, await visitorTurn(c.req.param('webhookId'), json, clientNetwork(c, config.trustProxy)));
  });

  /** The same route in front of Hono, on Node's request and response (http/fast-route.ts, ADR 0021): the hot path. */
  const turnRoute: FastRoute = {
    method: 'POST',
    path: /^\/webhook\/([\w-]+)$/, // every webhook id (a UUID, or the support agent's); any other is left to Hono
    // What the cors middleware above adds to an answer that is not a preflight (origin *, no credentials).
    headers: [['Access-Control-Allow-Origin', CORS.origin]],
    answer: async (exchange, webhookId) => {
      const json = await exchange.json(TURN_BODY_LIMIT, tooLarge);
      await answerTurnFast(exchange, await visitorTurn(webhookId, json, clientNetworkOf(exchange.incoming, config.trustProxy)));
    },
  };

  return { routes: app, turnRoute };
}

/** 400 with a detail per field; a refused session id says, in the developer message, what to send instead. */
function invalidRequest(error: z.ZodError): AppError {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) (details[issue.path.join('.') || '_'] ??= []).push(issue.message);
  const message = details.sessionId ? SESSION_ID_RULE : (error.issues[0]?.message ?? 'Invalid chat request');
  // The one rule a person can break from the chat box (the page stops at the limit, an integration may not).
  const tooLong = error.issues.some((issue) => issue.path[0] === 'message' && issue.code === 'too_big');
  const userMessage = tooLong ? `Mensagem muito longa (máximo ${CHAT_MESSAGE_MAX.toLocaleString('pt-BR')} caracteres).` : 'Mensagem inválida.';
  return new AppError('VALIDATION_FAILED', message, { userMessage, details });
}

/**
 * Open live streams (POST /webhook/{id}/live) at once: per conversation (a visitor's tabs) and per address on an agent
 * (many visitors behind one address, as on a mobile carrier's shared one). Each holds a connection and a subscription
 * for as long as the page is open; the request rate limits alone would let one address pile up thousands.
 */
export const LIVE_STREAMS_PER_CONVERSATION = 5;
export const LIVE_STREAMS_PER_ADDRESS = 30;

/** A chat message's body (CHAT_MESSAGE_MAX characters and the session id, with room to spare). */
const TURN_BODY_LIMIT = 32 * 1024;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'Chat request too large', { userMessage: 'Mensagem muito longa.' });

/** bodyLimit's onError: the error handler answers it. */
function refuseTooLarge(): never {
  throw tooLarge();
}
