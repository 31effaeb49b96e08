/**
 * Fault: the server process is killed (SIGKILL) while files are being
 * ingested. After a restart on the same database and storage, every file ends
 * ready with exactly one set of passages. Runs on PGlite (same DATA_DIR) and,
 * in the Postgres project, on Postgres (same DATABASE_URL).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../../e2e/fakes/s3';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/process-database';
import { chatRemote, createRemoteAgent, listRemoteFiles, signUpRemote, uploadRemote } from '../helpers/remote-api';
import { ensureServerBuild, killAllServers, startServerProcess } from '../helpers/server-process';

const FAQ = Array.from(
  { length: 40 },
  (_, i) => `Pergunta ${i + 1}: como funciona o item ${i + 1} da Loja Aurora? Resposta: o item ${i + 1} tem garantia de ${i + 2} meses e entrega em ${i + 1} dias úteis.`,
).join('\n\n');
const PRICES = ['Produto;Preço;Estoque', ...Array.from({ length: 30 }, (_, i) => `Produto ${i + 1};R$ ${i + 1},50;${i * 3}`)].join('\n');
const FILES = [
  { name: 'faq.txt', text: `${FAQ}\n\nA garantia da cafeteira Aurora é de 18 meses contra defeitos.` },
  { name: 'precos.csv', text: PRICES, type: 'text/csv' },
];

let s3: FakeS3;
let database: ProcessDatabase;

beforeAll(async () => {
  await ensureServerBuild();
  [s3, database] = await Promise.all([startFakeS3(), createProcessDatabase()]);
});
afterAll(async () => {
  await killAllServers();
  await Promise.all([s3?.close(), database?.drop()]);
});

it('finishes every file interrupted by a kill, after a restart, with no duplicate passages', async () => {
  const env = {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'AKIATEST',
    S3_SECRET_ACCESS_KEY: 'secret-test',
  };
  const first = await startServerProcess({ database, env });
  const user = await signUpRemote(first);
  const agent = await createRemoteAgent(first, user);

  // Reading the uploaded file never finishes: the first ingestion job is caught mid-way, the second waits in the queue.
  s3.stallGets = true;
  const { files } = await uploadRemote(first, user, agent.id, FILES);
  expect(files).toHaveLength(2);
  await vi.waitFor(() => expect(s3.requests.some((r) => r.method === 'GET')).toBe(true), { timeout: 30_000, interval: 100 });
  expect((await listRemoteFiles(first, user, agent.id)).map((f) => f.status).sort()).toEqual(['processing', 'queued']);

  await first.kill();
  s3.stallGets = false;
  const second = await startServerProcess({ database, env, port: first.port });
  // The running job is retried once its heartbeat (10 s) lapses; the queued one is picked up at once.
  let ready: Awaited<ReturnType<typeof listRemoteFiles>> = [];
  await vi.waitFor(
    async () => {
      ready = await listRemoteFiles(second, user, agent.id);
      expect(ready.map((f) => f.status)).toEqual(['ready', 'ready']);
    },
    { timeout: 90_000, interval: 250 },
  );
  const answer = await chatRemote(second, agent.webhookId, 'Qual é a garantia da cafeteira Aurora?', 'sessao-apos-queda');
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { output: string }).output).toContain('18 meses');
  await second.stop();

  const counts = await database.query<{ source_id: string; rows: number; positions: number }>(
    `select source_id, count(*)::int as rows, count(distinct position)::int as positions
     from passages where agent_id = $1 and source_type = 'file' group by source_id`,
    [agent.id],
  );
  expect(counts).toHaveLength(2);
  for (const file of ready) {
    const row = counts.find((c) => c.source_id === file.id);
    expect(file.passages).toBeGreaterThan(1);
    expect(row, file.filename).toEqual({ source_id: file.id, rows: file.passages, positions: file.passages });
  }
}, 180_000);
