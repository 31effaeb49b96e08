import { createServer, type RequestListener, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from './accounts/routes';
import { agentRoutes } from './agents/routes';
import { appearanceRoutes } from './appearance/routes';
import { webLimitsRoutes } from './channels/web/limits-routes';
import type { Auth } from './auth/auth';
import { authRoutes, type AuthLimits } from './auth/routes';
import { cancelIfSubscribed } from './billing/cancel-subscription';
import { createBillingProvider } from './billing/context';
import { billingRoutes } from './billing/routes';
import { conversationRoutes } from './chat/routes';
import { playgroundRoutes } from './channels/web/playground-routes';
import { webChatRoutes, type ChatLimits } from './channels/web/routes';
import { whatsappRoutes } from './channels/whatsapp/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './health';
import type { AppEnv } from './http/context';
import { requestBodyLimits } from './http/body-limit';
import { databaseOutage } from './http/database-outage';
import { withFastRoutes } from './http/fast-route';
import { apiNotFound, errorHandler } from './http/errors';
import { requestIds, requestLogger } from './http/middleware';
import { documentApi, validationHook } from './http/openapi';
import { jsonWithoutNul } from './http/json-text';
import { securityHeaders } from './http/security-headers';
import { webAssets } from './http/web-assets';
import { inboxRoutes } from './inbox/routes';
import { knowledgeRoutes } from './knowledge/routes';
import { customerRoutes } from './insights/customer-routes';
import { insightRoutes } from './insights/routes';
import { taughtAnswerRoutes } from './learning/routes';
import type { Logger } from './logger';
import { publicConfigRoutes } from './public-config';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Built web app to serve (production); omitted in tests and dev (Vite serves it). */
  webDistDir?: string;
  services: Services;
  limits?: { auth?: AuthLimits; chat?: ChatLimits };
  /** How often the inbox's live stream pings and looks its session up again (15 s; shorter in tests). */
  inboxHeartbeatMs?: number;
}

export function createApp(deps: AppDeps) {
  const { config, database, auth, logger } = deps;
  const { services } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use(
    '*',
    requestIds(),
    requestLogger(logger),
    securityHeaders({ https: config.publicUrl.startsWith('https://') }),
    requestBodyLimits(),
    jsonWithoutNul(),
    databaseOutage(database),
  );
  app.onError(errorHandler);

  const webChat = webChatRoutes({ runtime: services.runtime, config, storage: services.storage, limits: deps.limits?.chat, live: services.channels.live });
  const api = app
    .route('/', authRoutes(auth, config, deps.limits?.auth, services.mail))
    .route('/', healthRoutes(config, database, services.responder.mode))
    .route('/', publicConfigRoutes(database.db, config))
    .route(
      '/',
      accountRoutes({
        db: database.db,
        auth,
        storage: services.storage,
        mail: services.mail,
        publicUrl: config.publicUrl,
        logger,
        cancelSubscription: (userId) =>
          cancelIfSubscribed({ db: database.db, provider: createBillingProvider(config, database.db), publicUrl: config.publicUrl, logger }, userId),
      }),
    )
    .route('/', agentRoutes(database.db, auth, config, services.storage))
    // Before the conversations: /conversations/export is not a conversation id.
    .route('/', insightRoutes({ db: database.db, auth }))
    .route('/', conversationRoutes(database.db, auth))
    .route('/', customerRoutes({ db: database.db, auth, notifier: services.notifier }))
    .route(
      '/',
      knowledgeRoutes({
        db: database.db,
        auth,
        config,
        logger,
        storage: services.storage,
        signer: services.signer,
        ingestion: services.ingestion,
        retriever: services.retriever,
      }),
    )
    .route('/', taughtAnswerRoutes(database.db, auth, services.taughtAnswers))
    .route('/', webChat.routes)
    .route('/', playgroundRoutes({ runtime: services.runtime, auth, config }))
    .route('/', appearanceRoutes({ db: database.db, auth, config, storage: services.storage, logger }))
    .route('/', webLimitsRoutes({ db: database.db, auth, config }))
    .route('/', whatsappRoutes({ db: database.db, auth, config, whatsapp: services.whatsapp }))
    .route('/', inboxRoutes({ db: database.db, auth, inbox: services.inbox, notifier: services.notifier, heartbeatMs: deps.inboxHeartbeatMs }))
    .route('/', billingRoutes({ db: database.db, auth, config, logger, mail: services.mail }));

  documentApi(app);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Atende API', version: '1.0.0', description: 'Agentes de atendimento com IA.' },
    servers: [{ url: config.publicUrl }],
  });

  if (deps.webDistDir) app.use('*', webAssets(deps.webDistDir));
  app.notFound(apiNotFound);
  const fastRoutes = { logger, database, https: config.publicUrl.startsWith('https://') };
  return { app: api, listener: (hono: RequestListener) => withFastRoutes([webChat.turnRoute], fastRoutes, hono) };
}

/** The whole API's type: every route's path, input and answer (for Hono's typed client, `hc<App>`). */
export type App = ReturnType<typeof createApp>['app'];

/**
 * An app to serve: its Hono app (every route; `app.request` in tests) and the Node request listener to serve it with,
 * given Hono's (@hono/node-server's): the public chat's turn is answered in front of Hono (ADR 0021).
 */
export interface ServedApp {
  app: { fetch: (request: Request) => Response | Promise<Response> };
  listener(hono: RequestListener): RequestListener;
}

/** How long an idle keep-alive connection is kept (see serveApp). */
export const KEEP_ALIVE_MS = 65_000;

/** Listens on `port` (0: any free port) with the app's listener. */
export async function serveApp(served: ServedApp, options: { port: number; hostname: string }): Promise<Server> {
  const server = createServer(served.listener(getRequestListener(served.app.fetch, { hostname: options.hostname })));
  // Idle keep-alive connections stay open longer than a load balancer's (60 s on most): with Node's 5 s, a proxy or a
  // client reusing a connection the server had just closed got a reset — a 502 behind a load balancer, ECONNRESET for
  // an API client (seen once in the end-to-end run). Headers must still arrive within a bound above it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await new Promise<void>((resolve) => server.listen(options.port, options.hostname, resolve));
  return server;
}

/** A worker process (ROLE=worker) answers only GET /api/health, for the orchestrator's checks. */
export function createWorkerApp(deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'services'>) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('*', requestIds(), requestLogger(deps.logger));
  app.onError(errorHandler);
  app.route('/', healthRoutes(deps.config, deps.database, deps.services.responder.mode));
  app.notFound(apiNotFound);
  return { app, listener: (hono: RequestListener) => hono };
}
