/**
 * The built server gives back what start-up allocated and no longer uses (ADR 0018): once its first sweep is done,
 * each thread's heap is compacted (the main thread, and the database thread on PGlite).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProcessDatabase, type ProcessDatabase } from './helpers/process-database';
import { ensureServerBuild, killAllServers, startServerProcess } from './helpers/server-process';

let database: ProcessDatabase;

beforeAll(async () => {
  await ensureServerBuild();
  database = await createProcessDatabase();
});
afterAll(async () => {
  await killAllServers();
  await database?.drop();
});

it('releases the memory of start-up once its work is done, and keeps serving', async () => {
  const server = await startServerProcess({ database, env: { LOG_LEVEL: 'debug' } });
  const released = () =>
    server
      .output()
      .split('\n')
      .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg?: string; rssMb?: { before: number; after: number } }) : {}))
      .find((entry) => entry.msg === 'start-up memory released');
  await expect.poll(released, { timeout: 30_000 }).toBeDefined();
  const { rssMb } = released()!;
  // Start-up leaves tens of megabytes of garbage behind (the modules' loading, migrations, WebAssembly compilation).
  expect(rssMb!.after).toBeLessThan(rssMb!.before);
  expect((await server.request('/api/health')).status).toBe(200);
  await server.stop();
}, 120_000);
