// The Painel's reads that could grow with a shared Postgres (ADR 0016): the 'Perguntas sem resposta' list and the CSV
// export of a small agent next to a big one on the same database, and of the big one itself, whose history is long.
// bench:insights measures the default (PGlite, one account); this measures what a hosted Postgres holding many accounts
// does. Writes bench/results/insights-shared.json.
//
//   npx tsx bench/insights-shared.ts        (or: npm run bench:insights:shared)
//
// Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a
// throw-away database is created there), BENCH_BIG_MESSAGES (1,000,000: the big agent's messages over a year, in
// conversations of 10), BENCH_RUNS (5 readings of each, after one to warm up).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unansweredQuestions } from '../apps/server/src/insights/unanswered';
import { exportedCsvBytes, sampled } from './lib/insights-readings';
import { openOneBackend } from './lib/one-backend';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIG = Number(process.env.BENCH_BIG_MESSAGES ?? 1_000_000);
const SMALL = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DAY_MS = 86_400_000;

const backend = await openOneBackend(ADMIN_URL);
const pool = backend.database.pool!;
const db = backend.database.db;

/**
 * `messages` messages of an agent in WhatsApp conversations of 10 (question and answer, every fifth answer
 * 'unanswered'), each conversation within a few minutes on one of the last 365 days; stored in time order, as a live
 * database has them (seq follows created_at), with each conversation's last_message_at its last message's time.
 */
async function fill(agentId: string, label: string, messages: number) {
  const conversations = messages / 10;
  await pool.query(
    `insert into conversations (id, agent_id, user_id, channel, session_id, message_count, last_message_at, created_at)
     select $4 || g, $1, $2, 'whatsapp', $4 || 's' || g, 10, t + interval '9 minutes', t
     from generate_series(1, $3) g, lateral (select now() - interval '365 days' + (g - 1) * (interval '365 days' / $3) as t) s`,
    [agentId, backend.userId, conversations, label],
  );
  await pool.query(
    `insert into messages (id, conversation_id, role, content, outcome, created_at)
     select gen_random_uuid()::text, c.id, case when i % 2 = 0 then 'user' else 'assistant' end,
            case when i % 2 = 0 then 'Vocês entregam em Campinas? ' || i else 'Não encontrei isso no que sei.' end,
            case when i % 2 = 0 then null when i = 9 then 'unanswered' else 'answered' end,
            c.created_at + i * interval '1 minute'
     from conversations c, generate_series(0, 9) i
     where c.agent_id = $1
     order by c.created_at, i`,
    [agentId],
  );
}

const big = randomUUID();
await pool.query(`insert into agents (id, user_id, name, active, webhook_id, storage_webhook_id, system_message) values ($1, $2, 'Grande', true, $3, $3, 'Atenda.')`, [
  big,
  backend.userId,
  randomUUID(),
]);
const filling = performance.now();
await fill(big, 'big-', BIG);
await fill(backend.agentId, 'small-', SMALL);
await pool.query('vacuum analyze');
console.log(`${BIG.toLocaleString('en')} + ${SMALL.toLocaleString('en')} messages in ${Math.round(performance.now() - filling)} ms`);

const results: Record<string, unknown> = {};
for (const [agentId, name] of [
  [backend.agentId, 'small'],
  [big, 'big'],
] as const) {
  for (const days of [7, 30]) {
    const { ms: unanswered } = await sampled(() => unansweredQuestions(db, { id: agentId, name }, new Date(Date.now() - days * DAY_MS)), RUNS);
    const { ms: csv, value: bytes } = await sampled(() => exportedCsvBytes(db, agentId, days), RUNS);
    results[`${name}Agent${days}Days`] = { unansweredMs: unanswered, exportCsvMs: csv, exportBytes: bytes };
    console.log(`${name} agent, ${days} days: unanswered p50 ${unanswered.p50} ms, export p50 ${csv.p50} ms (${bytes} bytes)`);
  }
}
await backend.close();

writeFileSync(
  path.join(here, 'results/insights-shared.json'),
  `${JSON.stringify(
    {
      benchmark: 'insights-shared',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100) },
      setup: { database: 'postgres', bigAgentMessages: BIG, smallAgentMessages: SMALL, conversationLength: 10, days: 365, runs: RUNS },
      results,
    },
    null,
    2,
  )}\n`,
);
console.log('bench/results/insights-shared.json written');
