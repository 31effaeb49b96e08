// Web budgets (issue 7): gzipped JavaScript of the landing page's first load,
// of the public chat page and of /widget.js, and the largest contentful paint
// of the landing page, in headless Chromium against a freshly started
// production server. Writes bench/results/web-budgets.json and exits non-zero
// when a budget is missed.
//
//   npm run build && npm run bench:web
//
// JavaScript is counted as the browser really loads it: every JS response
// until the network is idle (the entry, its modulepreloads and the lazy route
// chunks actually requested), each body gzipped at level 9 (what the server
// sends to a gzip-only client). Environment: BENCH_LCP_RUNS (cold loads of /
// for the LCP median, default 5), CHROMIUM_PATH (default /usr/bin/chromium).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { cleanUp, freePort, printChildOutput, startChild, stopChild, trackTempDir } from './lib/processes.mjs';
import { round } from './lib/stats.mjs';
// The JavaScript budgets are also held by the end-to-end suite (e2e/budgets.spec.ts), so a change that breaks one
// fails `npm test`; the LCP, a timing, only here.
import BUDGETS from './lib/web-budgets.json' with { type: 'json' };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const RESULT_FILE = path.join(ROOT, 'bench/results/web-budgets.json');
const LCP_RUNS = Math.max(1, Number(process.env.BENCH_LCP_RUNS ?? 5) || 5);
const KB = 1024;
/** The same Chromium flags as playwright.config.ts. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

const gzipKb = (body) => gzipSync(body, { level: 9 }).byteLength / KB;

async function startServer() {
  const port = await freePort();
  const dataDir = trackTempDir(mkdtempSync(path.join(os.tmpdir(), 'atende-bench-web-')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startChild('server', process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${child.tail.join('\n')}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { child, baseUrl };
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Loads `url` in a fresh browser context (cold cache) and returns every
 * JavaScript response until the network is idle, with its gzipped size, and
 * the largest contentful paint.
 */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) globalThis.__lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const pending = [];
  page.on('response', (response) => {
    if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
    pending.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, gzipKb: round(gzipKb(body), 2) })),
    );
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  const scripts = await Promise.all(pending);
  const lcpMs = await page.evaluate(() => globalThis.__lcp ?? null);
  await context.close();
  return { scripts, jsKb: round(scripts.reduce((sum, s) => sum + s.gzipKb, 0), 2), lcpMs: lcpMs === null ? null : round(lcpMs, 0) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const { child, baseUrl } = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const config = await (await fetch(`${baseUrl}/api/public-config`)).json();
    if (!config.supportWebhookId) throw new Error('no support agent: /api/public-config has no supportWebhookId');

    // A first load warms the server (compiled routes, database pages), then the measured cold-cache loads.
    await load(browser, `${baseUrl}/`);
    const landingRuns = [];
    for (let i = 0; i < LCP_RUNS; i++) landingRuns.push(await load(browser, `${baseUrl}/`));
    const landing = landingRuns.at(-1);
    const lcpSamples = landingRuns.map((r) => r.lcpMs).filter((v) => v !== null);
    const chat = await load(browser, `${baseUrl}/public-chat/${encodeURIComponent(config.supportWebhookId)}`);

    const widgetRes = await fetch(`${baseUrl}/widget.js`, { headers: { 'accept-encoding': 'identity' } });
    if (!widgetRes.ok) throw new Error(`/widget.js answered ${widgetRes.status}`);
    const widgetKb = round(gzipKb(Buffer.from(await widgetRes.arrayBuffer())), 2);

    const lcpMs = lcpSamples.length ? round(median(lcpSamples), 0) : null;
    const budgets = [
      { name: 'landing page JS, first load (gzip)', value: landing.jsKb, limit: BUDGETS.landingJsKb, unit: 'KB' },
      { name: 'public chat page JS, first load (gzip)', value: chat.jsKb, limit: BUDGETS.publicChatJsKb, unit: 'KB' },
      { name: '/widget.js (gzip)', value: widgetKb, limit: BUDGETS.widgetJsKb, unit: 'KB' },
      { name: `landing page LCP (median of ${lcpSamples.length} cold loads)`, value: lcpMs, limit: BUDGETS.landingLcpMs, unit: 'ms', strict: true },
    ].map((b) => ({ ...b, pass: b.value !== null && (b.strict ? b.value < b.limit : b.value <= b.limit) }));

    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, chromium: browser.version() },
      method:
        'Headless Chromium, fresh context per load, against node apps/server/dist/main.js (production, empty DATA_DIR). JS = every JavaScript response until network idle, each body gzipped at level 9.',
      budgets: budgets.map(({ strict: _strict, ...b }) => b),
      pass: budgets.every((b) => b.pass),
      details: {
        landing: { scripts: landing.scripts, lcpSamplesMs: lcpSamples },
        publicChat: { url: `/public-chat/${config.supportWebhookId}`, scripts: chat.scripts },
      },
    };
    mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
    writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);

    for (const b of budgets) {
      const limit = `${b.strict ? '<' : '≤'} ${b.limit} ${b.unit}`;
      console.log(`${b.pass ? '✓' : '✗'} ${b.name}: ${b.value ?? 'n/a'} ${b.unit} (budget ${limit})`);
    }
    console.log(`\nwrote ${path.relative(ROOT, RESULT_FILE)}`);
    return result.pass;
  } finally {
    await browser.close();
    await stopChild(child);
  }
}

main()
  .then(async (pass) => {
    await cleanUp();
    process.exit(pass ? 0 : 1);
  })
  .catch(async (err) => {
    console.error(err);
    printChildOutput();
    await cleanUp();
    process.exit(1);
  });
