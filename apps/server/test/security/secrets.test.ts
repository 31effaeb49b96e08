/**
 * The server owns every secret (docs/product.md §1): the web app and the widget
 * are built with unique dummy values in every secret setting, and no byte of
 * the output contains any of them; the public API answers do not either.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createUserWithAgent } from '../helpers/agents';
import { createTestContext } from '../helpers/context';
import { testDbKind } from '../helpers/database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dummy = (name: string) => `${name}-${randomBytes(24).toString('hex')}`;
const dbPassword = dummy('dbpass');

/** Every secret setting of the server, each with a unique random value. */
const SECRETS: Record<string, string> = {
  AUTH_SECRET: dummy('auth'),
  BETTER_AUTH_SECRET: dummy('better-auth'),
  ENCRYPTION_KEY: dummy('encryption'),
  OPENAI_API_KEY: `sk-${dummy('openai')}`,
  MERCADOPAGO_ACCESS_TOKEN: `APP_USR-${dummy('mp')}`,
  MERCADOPAGO_WEBHOOK_SECRET: dummy('mp-webhook'),
  S3_ACCESS_KEY_ID: dummy('s3-key-id'),
  S3_SECRET_ACCESS_KEY: dummy('s3-secret'),
  DATABASE_URL: `postgres://atende:${dbPassword}@db.interno.example:5432/atende`,
};
/** What must not appear: each value, the database password alone, and their common encodings. */
const needles = [...new Set([...Object.values(SECRETS), dbPassword].flatMap((v) => [
  v,
  encodeURIComponent(v),
  Buffer.from(v).toString('base64'),
  JSON.stringify(v).slice(1, -1),
]))];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${stderr}`))));
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function leaksIn(files: string[]): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file).toString('latin1');
    return needles.filter((n) => text.includes(n)).map((n) => `${path.basename(file)} contains ${n}`);
  });
}

// The build does not depend on the database: run it once, in the PGlite project.
describe.skipIf(testDbKind !== 'pglite')('built web assets', () => {
  it('contain none of the secrets configured at build time', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'atende-secrets-build-'));
    try {
      // Every secret in the environment, plus VITE_-prefixed copies (the prefix Vite exposes to client code).
      const prefixed = Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`VITE_${k}`, v]));
      const env = { ...process.env, ...SECRETS, ...prefixed, NODE_ENV: 'production' };
      await run('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], path.join(root, 'apps/web'), env);
      const widget = path.join(out, 'widget-rebuilt.js');
      await run(
        'npx',
        ['esbuild', 'src/widget.ts', '--bundle', '--minify', '--format=iife', '--log-level=error', `--outfile=${widget}`],
        path.join(root, 'apps/widget'),
        env,
      );

      // The widget is rebuilt here with the secrets in the environment (a fresh clone has no earlier build of it).
      const files = filesUnder(out);
      // The scan reads real output: both entries, the scripts, the widget.
      const names = files.map((f) => path.relative(out, f));
      expect(names).toEqual(expect.arrayContaining(['index.html', 'public-chat.html', 'widget-rebuilt.js']));
      expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
      expect(files.some((f) => readFileSync(f, 'utf8').includes('Digite sua mensagem...'))).toBe(true);

      expect(leaksIn(files)).toEqual([]);
      // The scanner itself finds a planted value.
      const planted = path.join(out, 'planted.txt');
      writeFileSync(planted, `token=${SECRETS.MERCADOPAGO_ACCESS_TOKEN}`);
      expect(leaksIn([planted])).toHaveLength(1);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('public and signed-in API answers', () => {
  it('contain none of the configured secrets', async () => {
    const { DATABASE_URL: _db, ...serverSecrets } = SECRETS; // the test database is opened separately
    const ctx = await createTestContext({ env: { ...serverSecrets, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } });
    try {
      const { user, agent } = await createUserWithAgent(ctx);
      const paths = [
        '/api/public-config',
        '/api/health',
        '/api/openapi.json',
        '/api/plans',
        `/webhook/${agent.webhookId}`,
        '/api/me',
        '/api/agents',
        `/api/agents/${agent.id}/workflow`,
        `/api/agents/${agent.id}/whatsapp`,
        `/api/agents/${agent.id}/files`,
        '/api/billing',
        '/api/nada',
      ];
      for (const p of paths) {
        const res = await ctx.request(p, { token: user.token });
        expect(res.status, p).toBeLessThan(500);
        const text = `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await res.text()}`;
        for (const needle of needles) expect(text.includes(needle), `${p} contains ${needle}`).toBe(false);
      }
    } finally {
      await ctx.close();
    }
  }, 120_000); // a context of its own / many password hashes: slow on a busy machine
});
