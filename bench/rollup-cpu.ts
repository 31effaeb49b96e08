// The Painel's rollup (insights/rollup.ts) per message on Postgres: server CPU (this process) and the backend's CPU
// (/proc/<pid>/schedstat), for messages as bench:chat writes them: SESSIONS web conversations, turns of a question
// and an answer. With ROLLUP_CPU_COMPARE=<checkout>, that checkout's rollup runs on a database of its own, in
// alternation, so the load of the machine falls on both alike.
//
//   npx tsx bench/rollup-cpu.ts
//
// Environment: ROLLUP_CPU_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), ROLLUP_CPU_COMPARE,
// ROLLUP_CPU_TURNS (turns per round, default 10,000), ROLLUP_CPU_ROUNDS (default 3), ROLLUP_CPU_SESSIONS (default 50)
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client';
import { openOneBackend } from './lib/one-backend';

type RollUp = (db: Database['db'], options: { settleMs?: number }) => Promise<number>;
const ADMIN_URL = process.env.ROLLUP_CPU_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TURNS = Number(process.env.ROLLUP_CPU_TURNS ?? 10_000);
const ROUNDS = Number(process.env.ROLLUP_CPU_ROUNDS ?? 3);
const SESSIONS = Number(process.env.ROLLUP_CPU_SESSIONS ?? 50);

async function system(label: string, root: string) {
  const { rollUpInsights } = (await import(path.resolve(root, 'apps/server/src/insights/rollup.ts'))) as { rollUpInsights: RollUp };
  const backend = await openOneBackend(ADMIN_URL);
  const { database, userId, agentId } = backend;
  const pool = database.pool!;
  const conversations = Array.from({ length: SESSIONS }, () => randomUUID());
  for (const id of conversations) {
    await pool.query(`insert into conversations (id, agent_id, user_id, channel, session_id) values ($1, $2, $3, 'web', $1)`, [id, agentId, userId]);
  }
  /** TURNS turns in turn over the sessions, in the order bench:chat writes them; one in 40 asks for a person. */
  const write = async () => {
    await pool.query(
      `insert into messages (id, conversation_id, role, content, outcome)
       select gen_random_uuid()::text, ($1::text[])[1 + (i / 2) % $2], case when i % 2 = 0 then 'user' else 'assistant' end,
              case when i % 2 = 1 then 'O Café Aurora abre de segunda a sexta, das 7h às 19h.'
                   when i % 80 = 0 then 'quero falar com um atendente' else 'Qual o horário de funcionamento de vocês?' end,
              case when i % 2 = 1 then 'answered' end
       from generate_series(0, $3 * 2 - 1) as i`,
      [conversations, SESSIONS, TURNS],
    );
  };
  return {
    label,
    spent: { server: 0, backend: 0, messages: 0 },
    async round() {
      await write();
      const cpu = process.cpuUsage();
      const before = backend.cpuNs();
      const messages = await rollUpInsights(database.db, { settleMs: 0 });
      const used = process.cpuUsage(cpu);
      this.spent.server += (used.user + used.system) * 1000;
      this.spent.backend += backend.cpuNs() - before;
      this.spent.messages += messages;
    },
    close: () => backend.close(),
  };
}

const systems = [await system('this checkout', '.')];
if (process.env.ROLLUP_CPU_COMPARE) systems.push(await system(`compared (${process.env.ROLLUP_CPU_COMPARE})`, process.env.ROLLUP_CPU_COMPARE));
try {
  for (const s of systems) await s.round(); // warm-up
  console.log(`Rollup CPU per message (µs), ${SESSIONS} sessions, ${TURNS * 2} messages per round:\n  round   server  backend    total  system`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const s of systems) {
      Object.assign(s.spent, { server: 0, backend: 0, messages: 0 });
      await s.round();
      const { server, backend, messages } = s.spent;
      const us = (ns: number) => (ns / messages / 1000).toFixed(1).padStart(7);
      console.log(`  ${round}     ${us(server)}  ${us(backend)}  ${us(server + backend)}  ${s.label} (${messages} messages)`);
    }
  }
} finally {
  for (const s of systems) await s.close();
}
