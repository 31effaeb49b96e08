import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  brotli?: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest)|image\/svg)/;

/** Paths the SPA never answers: they belong to the API, the webhooks and file links. */
const NOT_SPA = /^\/(api|webhook|chat|files)(\/|$)/;
/** The public chat page has its own small entry (public-chat.html). */
const PUBLIC_CHAT = /^\/public-chat(\/|$)/;

/**
 * Serves the built web app from memory: hashed files under /assets with a
 * one-year immutable cache, everything else revalidated, pre-compressed
 * (brotli, gzip) once at start-up, and index.html for client-side routes.
 */
export function webAssets(distDir: string): MiddlewareHandler<AppEnv> {
  const assets = loadAssets(distDir);
  const index = assets.get('/index.html');
  const chatPage = assets.get('/public-chat.html') ?? index;
  /** The landing page prerendered at build time (apps/web/vite.config.ts): painted before the scripts run. */
  const landingPage = assets.get('/landing.html') ?? index;
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const asset = assets.get(c.req.path);
    if (asset) return send(c, asset);
    if (!index || NOT_SPA.test(c.req.path) || path.extname(c.req.path)) return next();
    if (c.req.path === '/') return send(c, landingPage!);
    return send(c, PUBLIC_CHAT.test(c.req.path) ? chatPage! : index);
  };
}

function send(c: Context, asset: Asset): Response {
  const headers = new Headers({
    'Content-Type': asset.type,
    ETag: asset.etag,
    'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  });
  if (c.req.header('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
  const accept = c.req.header('accept-encoding') ?? '';
  let body = asset.body;
  if (asset.brotli && /\bbr\b/.test(accept)) {
    body = asset.brotli;
    headers.set('Content-Encoding', 'br');
  } else if (asset.gzip && /\bgzip\b/.test(accept)) {
    body = asset.gzip;
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(body.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}

function loadAssets(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(distDir)) return assets;
  const walk = (dir: string) => {
    const names = new Set(readdirSync(dir));
    for (const name of names) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        walk(file);
        continue;
      }
      // `<file>.br` and `<file>.gz` are the web build's compressed copies of `<file>` (apps/web/vite.config.ts).
      if (/\.(br|gz)$/.test(name) && names.has(name.slice(0, -3))) continue;
      const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
      const body = new Uint8Array(readFileSync(file));
      const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
      const compress = COMPRESSIBLE.test(type) && body.byteLength > 512;
      assets.set(urlPath, {
        body,
        type,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        immutable: urlPath.startsWith('/assets/'),
        gzip: compress ? compressed(file, 'gz', () => gzipSync(body, { level: 9 })) : undefined,
        brotli: compress ? compressed(file, 'br', () => brotliCompressSync(body)) : undefined,
      });
    }
  };
  walk(distDir);
  return assets;
}

/** The build's compressed copy of a file, or (a build without them) compressed now, once, at start-up. */
function compressed(file: string, extension: 'br' | 'gz', compress: () => Buffer): Uint8Array<ArrayBuffer> {
  const copy = `${file}.${extension}`;
  return new Uint8Array(existsSync(copy) ? readFileSync(copy) : compress());
}
