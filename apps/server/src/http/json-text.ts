import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/*
 * The NUL character (U+0000) has no place in any text a person writes, and Postgres cannot store it in a text column
 * (SQLSTATE 22021; 22P05 in jsonb): a message, a name or a knowledge text pasted with one used to fail with a 500,
 * and the text was lost. Every JSON body is read without it — the rest of the text is kept as sent. In JSON a NUL can
 * only be written as the escape \u0000 (a raw control character is not JSON), so a body without that sequence, nearly
 * every one, is parsed as it is.
 */

const NUL_ESCAPE = '\\u0000';

const withoutNul = (_key: string, value: unknown) => (typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '') : value);

/** JSON.parse, with every NUL character removed from the strings. Throws as JSON.parse does. */
export function parseJson(text: string): unknown {
  return text.includes(NUL_ESCAPE) ? JSON.parse(text, withoutNul) : JSON.parse(text);
}

/**
 * Every route that reads its JSON body through Hono (`c.req.json()`: the validators, the handlers) reads it without NUL
 * characters. Read when the route reads it, after its own body limit (http/body-limit.ts), never before. Better Auth's
 * routes read the raw request (auth/validation.ts cleans the bodies it checks); the WhatsApp notifications are read as
 * bytes, for their signature (channels/whatsapp/webhook.ts parses them with parseJson).
 */
export function jsonWithoutNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const req = c.req;
      req.json = (() => req.text().then(parseJson)) as typeof req.json;
    }
    return next();
  };
}
