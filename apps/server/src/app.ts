import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { accountRoutes } from './accounts/routes';
import { agentRoutes } from './agents/routes';
import type { Auth } from './auth/auth';
import { authRoutes, type AuthLimits } from './auth/routes';
import { webChatRoutes, type ChatLimits } from './channels/web/routes';
import { createResponder } from './chat/model';
import type { Responder } from './chat/types';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './health';
import type { AppEnv } from './http/context';
import { apiNotFound, errorHandler, requestLogger } from './http/middleware';
import { documentApi, validationHook } from './http/openapi';
import { securityHeaders } from './http/security-headers';
import { webAssets } from './http/web-assets';
import type { Logger } from './logger';

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Built web app to serve (production); omitted in tests and dev (Vite serves it). */
  webDistDir?: string;
  /** The model seam; defaults to the configured provider or offline mode. */
  responder?: Responder;
  limits?: { auth?: AuthLimits; chat?: ChatLimits };
}

export function createApp(deps: AppDeps) {
  const { config, database, auth, logger } = deps;
  const responder = deps.responder ?? createResponder(config);
  const runtime = { db: database.db, responder, logger };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use('*', requestId(), requestLogger(logger), securityHeaders({ https: config.publicUrl.startsWith('https://') }));
  app.onError(errorHandler);

  app.route('/', authRoutes(auth, config, deps.limits?.auth));
  app.route('/', healthRoutes(config, database, responder.mode));
  app.route('/', accountRoutes(database.db, auth));
  app.route('/', agentRoutes(database.db, auth, config));
  app.route('/', webChatRoutes({ runtime, config, limits: deps.limits?.chat }));

  documentApi(app);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Atende API', version: '1.0.0', description: 'Agentes de atendimento com IA.' },
    servers: [{ url: config.publicUrl }],
  });

  if (deps.webDistDir) app.use('*', webAssets(deps.webDistDir));
  app.notFound(apiNotFound);
  return app;
}

export type App = ReturnType<typeof createApp>;
