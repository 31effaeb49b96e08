/**
 * Security headers on every kind of response the server gives: app pages,
 * the public chat page, the widget, static assets, API answers and errors,
 * file links, the public chat endpoint. (platform.test.ts checks the basics on
 * /api/health; this walks every page type, over http and https.)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { createAuth } from '../../src/auth/auth';
import { createLogger } from '../../src/logger';
import { createTestContext, type TestContext } from '../helpers/context';

/** A built web app stand-in: the entries and files the real build has. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'atende-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/main.js"></script>');
  writeFileSync(path.join(dist, 'public-chat.html'), '<!doctype html><div id="chat-root"></div>');
  writeFileSync(path.join(dist, 'assets', 'main.js'), 'export {};');
  writeFileSync(path.join(dist, 'widget.js'), '(()=>{})();');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

/** Page types: [path, embeddable in third-party frames]. */
const PATHS: Array<[string, boolean]> = [
  ['/', false],
  ['/login', false],
  ['/register', false],
  ['/plans', false],
  ['/dashboard/agents', false],
  ['/dashboard/agents/abc/conversations', false],
  ['/payment/success', false],
  ['/sandbox-checkout/abc', false],
  ['/pagina-que-nao-existe', false],
  ['/public-chat', true],
  ['/public-chat/abc-123', true],
  ['/widget.js', false],
  ['/assets/main.js', false],
  ['/favicon.svg', false],
  ['/api/health', false],
  ['/api/openapi.json', false],
  ['/api/me', false], // 401
  ['/api/agents/abc', false], // 401
  ['/api/nada', false], // 404
  ['/files/abc', false], // 403
  ['/webhook/nao-existe', false], // public chat endpoint, 404
  ['/chat/nao-existe', false], // WhatsApp webhook handshake
];

let ctx: TestContext;
let secure: TestContext;
const dist = fakeDist();

beforeAll(async () => {
  ctx = await createTestContext();
  secure = await createTestContext({ env: { PUBLIC_URL: 'https://atende.example' }, database: ctx.database });
});
afterAll(async () => {
  await secure.close();
  await ctx.close();
});

const served = (c: TestContext) =>
  createApp({
    config: c.config,
    database: c.database,
    auth: createAuth({ db: c.database.db, config: c.config, logger: createLogger(c.config) }),
    logger: createLogger(c.config),
    services: c.services,
    webDistDir: dist,
  }).app;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe.each([
  ['http', () => ctx, false],
  ['https', () => secure, true],
] as const)('security headers over %s', (_scheme, context, https) => {
  it.each(PATHS)('%s', async (pathname, embeddable) => {
    const res = await served(context()).request(pathname);
    expect(res.status, pathname).toBeLessThan(500);
    const h = res.headers;

    const csp = directives(h.get('content-security-policy') ?? '');
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts, 'script-src').toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(scripts?.some((s) => /^(https?:|data:|blob:)$/.test(s))).toBe(false);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);

    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);

    if (embeddable) {
      expect(csp.get('frame-ancestors')).not.toEqual(["'none'"]);
      expect(h.get('x-frame-options')).toBeNull();
    } else {
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(h.get('x-frame-options')).toBe('DENY');
    }

    const hsts = h.get('strict-transport-security');
    if (https) {
      expect(hsts).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts!)![1])).toBeGreaterThanOrEqual(15_552_000); // at least 180 days
    } else {
      expect(hsts).toBeNull();
    }
  });
});

describe('cross-origin policies', () => {
  it('the widget loads on other sites; the app pages do not', async () => {
    const app = served(ctx);
    expect((await app.request('/widget.js')).headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await app.request('/dashboard/agents')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await app.request('/login')).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});
