/**
 * Issue 13, item 4: nothing in DATA_DIR is readable by other users of the machine — the embedded database
 * (its WAL holds live session tokens), uploads, the outbox, secrets — including a data directory left by an
 * older release, and the files PGlite unpacks world-readable when it creates its database.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';

/** Every path under `dir` whose permissions let group or others in (symbolic links aside). */
function exposed(dir: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) out.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(dir, p) || '.'}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return out;
}

describe('the data directory', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'atende-datadir-')), 'data');
  let server: RunningServer;
  const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });

  beforeAll(async () => {
    // A data directory as an older release left it: world-readable.
    mkdirSync(path.join(dataDir, 'files', 'u1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'u1', 'cardapio.pdf'), 'pdf');
    writeFileSync(path.join(dataDir, 'auth-secret'), `${'x'.repeat(48)}\n`);
    for (const p of [dataDir, path.join(dataDir, 'files'), path.join(dataDir, 'files', 'u1')]) chmodSync(p, 0o755);
    for (const p of [path.join(dataDir, 'files', 'u1', 'cardapio.pdf'), path.join(dataDir, 'auth-secret')]) chmodSync(p, 0o666);
    server = await startServer(config());
  }, 120_000);
  afterAll(() => server?.close());

  it('is private to the server user after start-up, database files included', async () => {
    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0);
    expect(exposed(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('stays private once sessions are written', async () => {
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config().publicUrl },
      body: JSON.stringify({ name: 'Ana', email: `ana-${Date.now()}@exemplo.com.br`, password: 'senha-forte-123', company: 'Doces', phone: '11987654321' }),
    });
    expect(res.status).toBe(200);
    await server.database.db.execute('checkpoint');
    expect(exposed(dataDir)).toEqual([]);
  });
});
