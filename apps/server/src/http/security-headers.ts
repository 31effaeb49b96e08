import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** Paths that third-party sites may embed in a frame (the public chat). */
const EMBEDDABLE = /^\/public-chat(\/|$)/;
/** Public resources that other origins load (the widget loader, agents' avatars). */
const CROSS_ORIGIN_RESOURCES = /^\/widget\.js$|^\/webhook\/[^/]+\/avatar$/;

/**
 * Security headers on every response. Scripts only from our origin (no
 * 'unsafe-inline'); framing denied everywhere except the public chat page.
 */
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [name, value] of securityHeadersFor(c.req.path, opts.https)) h.set(name, value);
  };
}

/**
 * The security headers of a response to `path`, as [name, value] pairs: the middleware above sets them on Hono's
 * responses, the public chat turn's route (http/fast-route.ts) writes them itself. Four sets per scheme, built once.
 */
export function securityHeadersFor(path: string, https: boolean): ReadonlyArray<readonly [string, string]> {
  const embeddable = EMBEDDABLE.test(path);
  const crossOrigin = embeddable || CROSS_ORIGIN_RESOURCES.test(path);
  const key = `${https ? 1 : 0}${embeddable ? 1 : 0}${crossOrigin ? 1 : 0}`;
  let headers = built.get(key);
  if (!headers) {
    headers = build(https, embeddable, crossOrigin);
    built.set(key, headers);
  }
  return headers;
}

const built = new Map<string, ReadonlyArray<readonly [string, string]>>();

function build(https: boolean, embeddable: boolean, crossOrigin: boolean): ReadonlyArray<readonly [string, string]> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://www.mercadopago.com.br",
    `frame-ancestors ${embeddable ? '*' : "'none'"}`,
  ].join('; ');
  return [
    ['Content-Security-Policy', csp],
    ...(embeddable ? [] : [['X-Frame-Options', 'DENY'] as const]),
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', embeddable ? 'unsafe-none' : 'same-origin'],
    ['Cross-Origin-Resource-Policy', crossOrigin ? 'cross-origin' : 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
}
