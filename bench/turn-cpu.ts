// The Postgres backend's CPU per statement of a web chat turn (issue 19, ADR 0017): beginTurn and
// appendAssistantMessage as the web chat runs them (a visitor's daily counters, the agent's version, the monthly
// count), SESSIONS sessions in turn with full memory windows, on one connection; the backend's CPU time is read
// from /proc/<pid>/schedstat (nanoseconds) around each statement, so Postgres must run on this machine. With a
// compared checkout, both turns run on databases of their own, interleaved block by block, so that the load of a
// shared machine falls on both alike. bench:chat measures the whole turn; this separates its two writes.
//
//   npx tsx bench/turn-cpu.ts
//
// Environment:
//   TURN_CPU_DATABASE_URL  the Postgres server (throw-away databases are created there);
//                          default postgres://postgres@127.0.0.1:5432/postgres
//   TURN_CPU_COMPARE       another checkout (with its node_modules): its turn runs against this one's
//   TURN_CPU_SETUP         SQL run on this checkout's database after the migrations: a schema lever to try
//                          (TURN_CPU_COMPARE=. compares it with the same code as migrated)
//   TURN_CPU_TURNS         measured turns per round and system (default 1500), TURN_CPU_ROUNDS (default 3),
//                          TURN_CPU_SESSIONS (default 50)
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { quotaMonth, testDay } from '@atende/shared';
import type * as here from '../apps/server/src/chat/conversations';
import type { TurnWindows } from '../apps/server/src/chat/turn-windows';
import { openOneBackend } from './lib/one-backend';

type Conversations = Pick<typeof here, 'beginTurn' | 'appendAssistantMessage'>;
/** The checkout's turn: its statements and, where it has them, its kept memory windows (chat/turn-windows.ts). */
interface Turn {
  code: Conversations;
  windows?: TurnWindows;
}

async function turnOf(root: string): Promise<Turn> {
  const code = (await import(path.resolve(root, 'apps/server/src/chat/conversations.ts'))) as Conversations;
  const kept = (await import(path.resolve(root, 'apps/server/src/chat/turn-windows.ts')).catch(() => null)) as { TurnWindows: typeof TurnWindows } | null;
  return { code, windows: kept ? new kept.TurnWindows() : undefined };
}

const ADMIN_URL = process.env.TURN_CPU_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TURNS = Number(process.env.TURN_CPU_TURNS ?? 1500);
const ROUNDS = Number(process.env.TURN_CPU_ROUNDS ?? 3);
const SESSIONS = Number(process.env.TURN_CPU_SESSIONS ?? 50);
/** Turns of one system before the other's: short enough that both see the same moments of the machine. */
const BLOCK = 100;
/** Turns before measuring: 16 stored messages fill a session's memory window, then some more. */
const PREFILL_TURNS = SESSIONS * 8 + 300;
const QUESTION = 'Qual o horário de funcionamento de vocês?';
const ANSWER = 'O Café Aurora abre de segunda a sexta, das 7h às 19h, e aos sábados, das 8h às 14h. Não abrimos aos domingos e feriados.';

interface System {
  label: string;
  turn(measure: boolean): Promise<void>;
  spent: { begin: number; answer: number; turns: number };
  close(): Promise<void>;
}

/** A migrated throw-away database with an account on Enterprise and an active agent, and its turn on one connection. */
async function system(label: string, { code, windows }: Turn, setup: string | undefined): Promise<System> {
  const backend = await openOneBackend(ADMIN_URL, setup);
  const { database, userId, agentId } = backend;
  const [{ xmin }] = (await database.pool!.query<{ xmin: string }>(`select xmin::text from agents where id = $1`, [agentId])).rows;
  const sessions = Array.from({ length: SESSIONS }, () => randomUUID());
  const limits = { rateMessages: 1e6, rateSeconds: 1, dailyPerVisitor: 1e6, dailyPerIp: 1e6 };
  const spent = { begin: 0, answer: 0, turns: 0 };
  let next = 0;
  return {
    label,
    spent,
    async turn(measure) {
      const session = sessions[next++ % SESSIONS]!;
      const before = backend.cpuNs();
      const start = await code.beginTurn(
        database.db,
        { agentId, userId, channel: 'web', sessionId: session },
        QUESTION,
        { month: quotaMonth(), limit: null },
        null,
        {
          visitor: { session, network: '127.0.0.1', limits, day: testDay() },
          agentVersion: { xmin: xmin!, plan: 'enterprise' },
          known: windows?.get(agentId, 'web', session),
        },
      );
      const begun = backend.cpuNs();
      if (!('conversationId' in start) || start.refused) throw new Error(`The turn did not start: ${JSON.stringify(start)}`);
      const answer = await code.appendAssistantMessage(database.db, start.conversationId, ANSWER, 'answered');
      windows?.answered(agentId, 'web', session, { ...start, message: QUESTION }, { content: ANSWER, messageCount: answer.messageCount });
      if (!measure) return;
      spent.begin += begun - before;
      spent.answer += backend.cpuNs() - begun;
      spent.turns += 1;
    },
    close: () => backend.close(),
  };
}

const compare = process.env.TURN_CPU_COMPARE;
const systems: System[] = [];
try {
  systems.push(await system('this checkout', await turnOf('.'), process.env.TURN_CPU_SETUP));
  if (compare) systems.push(await system(`compared (${compare})`, await turnOf(compare), undefined));
  for (const s of systems) for (let i = 0; i < PREFILL_TURNS; i++) await s.turn(false);
  const us = (ns: number, turns: number) => (ns / turns / 1000).toFixed(1).padStart(7);
  console.log(`Backend CPU per turn (µs), ${SESSIONS} sessions, ${TURNS} turns per round:\n  round  beginTurn  answer   total  system`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const s of systems) Object.assign(s.spent, { begin: 0, answer: 0, turns: 0 });
    for (let done = 0; done < TURNS; done += BLOCK) for (const s of systems) for (let i = 0; i < BLOCK; i++) await s.turn(true);
    for (const { label, spent } of systems) {
      console.log(`  ${round}      ${us(spent.begin, spent.turns)}  ${us(spent.answer, spent.turns)} ${us(spent.begin + spent.answer, spent.turns)}  ${label}`);
    }
  }
} finally {
  for (const s of systems) await s.close();
}
