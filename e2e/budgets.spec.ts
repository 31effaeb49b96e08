import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import BUDGETS from '../bench/lib/web-budgets.json' with { type: 'json' };
import { expect, test } from './fixtures';

/*
 * The JavaScript budgets of `npm run bench:web` (issue 7), counted the same way — every JavaScript response of a
 * cold load until the network is idle, each body gzipped at level 9 — so a change that outgrows one fails here and
 * not only when someone runs the bench. Sizes, not timings: the same build always gives the same figures.
 */

const gzipKb = (body: Buffer) => gzipSync(body, { level: 9 }).byteLength / 1024;

async function firstLoadScripts(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Array<Promise<{ url: string; kb: number }>> = [];
  page.on('response', (response) => {
    if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
    pending.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, kb: gzipKb(body) })));
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  expect(response?.ok()).toBe(true);
  const scripts = await Promise.all(pending);
  await context.close();
  return { scripts, kb: scripts.reduce((sum, s) => sum + s.kb, 0) };
}

test('the landing page and the public chat page load within their JavaScript budgets', async ({ browser, baseURL, request }) => {
  const { supportWebhookId } = (await (await request.get('/api/public-config')).json()) as { supportWebhookId: string };
  expect(supportWebhookId).toBeTruthy();

  const landing = await firstLoadScripts(browser, `${baseURL}/`);
  expect(landing.kb, landing.scripts.map((s) => `${s.url} ${s.kb.toFixed(2)} KB`).join('\n')).toBeLessThanOrEqual(BUDGETS.landingJsKb);

  // The page customers and merchants' site frames open: React and the chat only — no router, no dashboard, no zod.
  const chat = await firstLoadScripts(browser, `${baseURL}/public-chat/${encodeURIComponent(supportWebhookId)}`);
  expect(chat.kb, chat.scripts.map((s) => `${s.url} ${s.kb.toFixed(2)} KB`).join('\n')).toBeLessThanOrEqual(BUDGETS.publicChatJsKb);

  const widget = await request.get('/widget.js', { headers: { 'accept-encoding': 'identity' } });
  expect(widget.ok()).toBe(true);
  expect(gzipKb(await widget.body())).toBeLessThanOrEqual(BUDGETS.widgetJsKb);
});
