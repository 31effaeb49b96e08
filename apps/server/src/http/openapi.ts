import { z } from '@hono/zod-openapi';
import { errorCodes, type ErrorCode } from '@atende/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { AppError } from '../lib/errors';

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      userMessage: z.string(),
      details: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .openapi('Error');

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed (plan limit)',
  404: 'Not found (or not yours)',
  409: 'Conflict',
  422: 'Cannot be done now (e.g. outside the WhatsApp 24-hour window)',
  413: 'Payload too large',
  429: 'Rate limited or over quota',
  502: 'Upstream provider failed',
  503: 'Unavailable',
};

/** A JSON response of a route: `responses: { 200: jsonResponse(AgentSchema, 'Agent') }`. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body: `request: { body: jsonBody(createAgentSchema) }`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/**
 * A shared schema (packages/shared, plain zod) named as an OpenAPI component. zod copies prototype methods onto
 * each schema when it is built, so a schema built before @hono/zod-openapi extended zod has no `.openapi()` of
 * its own: the method is taken from the prototype. Returns a copy; the shared schema is untouched.
 */
export function named<T extends z.ZodType>(schema: T, name: string): T {
  const { openapi } = z.ZodType.prototype as unknown as { openapi: (this: T, refId: string) => T };
  return openapi.call(schema, name);
}

/** An id in a path (`{id}`, `{fileId}`…): never empty, never long. */
export const pathId = z.string().min(1).max(64);
/** `{id}`: the agent of the /api/agents/{id}/… routes. */
export const IdParams = z.object({ id: pathId });

/** Routes that accept the session cookie or the bearer token. */
export const sessionSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** OpenAPI response entries for the given error statuses. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, jsonResponse(ErrorBodySchema, DESCRIPTIONS[s] ?? 'Error')]),
  );
}

/** zod-openapi hook: a failed request validation becomes VALIDATION_FAILED with field details. */
export function validationHook(result: { success: boolean; error?: z.ZodError }) {
  if (result.success || !result.error) return;
  const details: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    (details[key] ??= []).push(issue.message);
  }
  throw new AppError('VALIDATION_FAILED', 'Request validation failed', { details });
}

/** Registers the security schemes and the Better Auth endpoints of the public contract. */
export function documentApi(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: "Session token from 'Seus dados' → 'Gerar Token'",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
  });
  const authError = z.object({ code: z.string(), message: z.string() });
  const credentials = z.object({ email: z.email(), password: z.string() });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/sign-up/email',
    tags: ['auth'],
    summary: 'Create an account',
    request: {
      body: jsonBody(credentials.extend({ name: z.string(), company: z.string(), phone: z.string() })),
    },
    responses: {
      200: { description: 'Account created' },
      415: jsonResponse(ErrorBodySchema, 'The body is not JSON'),
      422: jsonResponse(authError, 'E-mail taken or invalid'),
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/sign-in/email',
    tags: ['auth'],
    summary: 'Sign in (sets the session cookie; the token is also returned in set-auth-token)',
    request: { body: jsonBody(credentials) },
    responses: {
      200: { description: 'Signed in' },
      401: jsonResponse(authError, 'Invalid email or password'),
      415: jsonResponse(ErrorBodySchema, 'The body is not JSON'),
      429: jsonResponse(ErrorBodySchema, 'Too many failed attempts (Retry-After)'),
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/request-password-reset',
    tags: ['auth'],
    summary:
      "'Esqueci minha senha': e-mails a reset link (valid 1 hour, once). The same answer for any address; at most 3 e-mails per address per hour",
    request: { body: jsonBody(z.object({ email: z.email() })) },
    responses: {
      200: { description: 'Accepted (whether an account has the address or not)' },
      415: jsonResponse(ErrorBodySchema, 'The body is not JSON'),
      429: jsonResponse(ErrorBodySchema, 'Too many requests from this address (Retry-After)'),
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/auth/sign-out',
    tags: ['auth'],
    summary: 'Sign out (revokes the session)',
    responses: { 200: { description: 'Signed out' } },
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/auth/get-session',
    tags: ['auth'],
    summary: 'The current session, or null',
    responses: { 200: { description: 'Session or null' } },
  });
}
