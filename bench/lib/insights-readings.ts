// What bench/insights.ts (PGlite) and bench/insights-shared.ts (a shared Postgres) both time.
import type { Db } from '../../apps/server/src/db/client';
import { addDays, localDay } from '../../apps/server/src/insights/calendar';
import { exportConversationsCsv } from '../../apps/server/src/insights/export';
import { summarise } from './stats.mjs';

/** The CSV export of an agent's last `days` days (São Paulo, today included), read to the end: its size in bytes. */
export async function exportedCsvBytes(db: Db, agentId: string, days: number): Promise<number> {
  const today = localDay(new Date());
  let bytes = 0;
  for await (const chunk of exportConversationsCsv(db, agentId, addDays(today, -(days - 1)), today)) bytes += chunk.byteLength;
  return bytes;
}

/** `work` once to warm up (its result is `value`), then `runs` timed runs (`ms`). */
export async function sampled<T>(work: () => Promise<T>, runs: number): Promise<{ ms: ReturnType<typeof summarise>; value: T }> {
  const value = await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { ms: summarise(samples), value };
}
