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
    const path = c.req.path;
    const embeddable = EMBEDDABLE.test(path);
    const h = c.res.headers;
    h.set(
      'Content-Security-Policy',
      [
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
      ].join('; '),
    );
    if (!embeddable) h.set('X-Frame-Options', 'DENY');
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', embeddable ? 'unsafe-none' : 'same-origin');
    h.set('Cross-Origin-Resource-Policy', CROSS_ORIGIN_RESOURCES.test(path) || embeddable ? 'cross-origin' : 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (opts.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
