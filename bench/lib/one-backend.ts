// A migrated throw-away Postgres database on one connection, with an account on Enterprise and an active agent, and
// the CPU time of that connection's backend (read from /proc/<pid>/schedstat, so Postgres must run on this machine):
// what bench/turn-cpu.ts and bench/rollup-cpu.ts measure statements on.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { createTempDatabase } from './databases.mjs';

export interface OneBackend {
  database: Database;
  userId: string;
  agentId: string;
  /** The backend's CPU time so far, in nanoseconds. */
  cpuNs(): number;
  close(): Promise<void>;
}

/** `setup`: SQL run after the migrations (a schema lever to try). */
export async function openOneBackend(adminUrl: string, setup?: string): Promise<OneBackend> {
  const temp = await createTempDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: temp.url, poolSize: 1 });
  const pool = database.pool!;
  // One backend for the whole run: the pool would close an idle connection while another system runs.
  (pool as unknown as { options: { idleTimeoutMillis: number } }).options.idleTimeoutMillis = 0;
  await database.migrate();
  if (setup) await pool.query(setup);
  const [userId, agentId] = [randomUUID(), randomUUID()];
  await pool.query(`insert into "user" (id, name, email) values ($1, 'bench', $2)`, [userId, `${userId}@bench.example`]);
  await pool.query(`insert into profiles (id, plan) values ($1, 'enterprise')`, [userId]);
  await pool.query(
    `insert into agents (id, user_id, name, active, webhook_id, storage_webhook_id, system_message) values ($1, $2, 'Aurora', true, $3, $3, 'Atenda.')`,
    [agentId, userId, randomUUID()],
  );
  const [{ pid }] = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
  return {
    database,
    userId,
    agentId,
    cpuNs: () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]),
    async close() {
      await database.close();
      await temp.drop();
    },
  };
}
