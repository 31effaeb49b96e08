import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth/auth';
import { createLogger } from '../src/logger';
import { createTestContext, type TestContext } from './helpers/context';
import { testDbKind } from './helpers/database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe(`migrations on ${testDbKind}`, () => {
  it('create every table and are idempotent', async () => {
    await ctx.database.migrate(); // second run: no-op, no error
    const result = (await ctx.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const tables = result.rows.map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(['account', 'profiles', 'session', 'user', 'verification']));
  });
});

describe('GET /api/health', () => {
  it('reports the database and the offline/sandbox modes', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: testDbKind, llm: 'offline', payments: 'sandbox' });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('says a model and Mercado Pago are configured, never where the provider is', async () => {
    const other = await createTestContext({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', MERCADOPAGO_ACCESS_TOKEN: 'TEST-1' },
    });
    try {
      const body = await (await other.request('/api/health')).text();
      expect(JSON.parse(body)).toEqual({ status: 'ok', database: testDbKind, llm: 'model', payments: 'mercadopago' });
      // Anyone may call /api/health: the provider's host, port and path stay private.
      expect(body).not.toMatch(/127\.0\.0\.1|:9\b|\/v1/);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the API surface', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/auth/sign-up/email',
        '/api/auth/sign-in/email',
        '/api/auth/sign-out',
        '/api/auth/get-session',
      ]),
    );
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });
});

describe('errors', () => {
  it('unknown API routes answer the JSON error body', async () => {
    const res = await ctx.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', userMessage: 'Endereço não encontrado.' } });
  });
});

describe('security headers', () => {
  it('deny framing and inline scripts on API and app pages', async () => {
    const res = await ctx.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('send HSTS when the public URL is https', async () => {
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://atende.example' } });
    try {
      const res = await secure.app.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('built web app (production serving)', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'atende-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"><div id="root"></div></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))})`);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dist, 'public-chat.html'), '<!doctype html><div id="chat-root"></div>');
  writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><html lang="pt-BR"><div id="root"><h1>Prerendered</h1></div></html>');
  // A file with the web build's compressed copies (apps/web/vite.config.ts writes them; brotli at a lower level
  // here, so that the bytes served prove which copy was read).
  const styles = `body{color:red}${'.x{margin:0}'.repeat(200)}`;
  const stylesBr = brotliCompressSync(styles, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
  writeFileSync(path.join(dist, 'assets', 'index-def456.css'), styles);
  writeFileSync(path.join(dist, 'assets', 'index-def456.css.br'), stylesBr);
  writeFileSync(path.join(dist, 'assets', 'index-def456.css.gz'), gzipSync(styles, { level: 1 }));

  const webApp = () =>
    createApp({
      config: ctx.config,
      database: ctx.database,
      auth: createAuth({ db: ctx.database.db, config: ctx.config, logger: createLogger(ctx.config) }),
      logger: createLogger(ctx.config),
      services: ctx.services,
      webDistDir: dist,
    }).app;

  it('serves hashed assets with a one-year immutable cache, compressed', async () => {
    const res = await webApp().request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toContain('text/javascript');
  });

  it("serves the build's compressed copies as they are, never as files of their own", async () => {
    const app = webApp();
    const br = await app.request('/assets/index-def456.css', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer()).equals(stylesBr)).toBe(true);
    const gz = await app.request('/assets/index-def456.css', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(styles);
    const plain = await app.request('/assets/index-def456.css');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(styles);
    expect((await app.request('/assets/index-def456.css.br')).status).toBe(404);
  });

  it('falls back to index.html for client routes, revalidated', async () => {
    const app = webApp();
    for (const route of ['/', '/login', '/dashboard/profile', '/uma/rota/qualquer']) {
      const res = await app.request(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves the prerendered landing page for / only', async () => {
    const app = webApp();
    expect(await (await app.request('/')).text()).toContain('<h1>Prerendered</h1>');
    expect(await (await app.request('/login')).text()).not.toContain('Prerendered');
  });

  it('serves the standalone chat entry for /public-chat pages', async () => {
    const app = webApp();
    for (const route of ['/public-chat/abc-123', '/public-chat', '/public-chat/']) {
      expect(await (await app.request(route)).text()).toContain('chat-root');
    }
    expect(await (await app.request('/public-chatter')).text()).toContain('<div id="root">');
  });

  it('answers 304 for a matching ETag', async () => {
    const app = webApp();
    const first = await app.request('/favicon.svg');
    const etag = first.headers.get('etag')!;
    const second = await app.request('/favicon.svg', { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });

  it('never answers API paths or missing files with the SPA', async () => {
    const app = webApp();
    expect((await app.request('/api/unknown')).status).toBe(404);
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
});
