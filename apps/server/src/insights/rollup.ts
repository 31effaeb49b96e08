import { PERSON_REQUEST_PATTERN } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { insightDays, insightMissed } from '../db/schema';
import { localDayHour } from './calendar';

/*
 * The Painel's counts, added up in the background from the messages as they come: each run reads the messages
 * after the last one it read (`messages.seq`, one progress row) in small batches, and adds them to one row per
 * agent, São Paulo day and channel (`insight_days`). Reading the Painel then never re-reads old messages, and a
 * batch is one short statement, so chat turns never wait behind it (PGlite runs one statement at a time).
 *
 * The owner's test chat is not counted. A message is read once it is `settleMs` old: sequence numbers are given
 * when a row is inserted, not when it commits, so a younger message could still become visible behind one read.
 */

export const ROLLUP_BATCH = 1_000;
/** How old a message must be before the rollup reads it (see above). */
export const ROLLUP_SETTLE_MS = 2_000;

interface MessageRow {
  seq: string | number;
  id: string;
  role: 'user' | 'assistant' | 'team';
  outcome: string | null;
  created_at: string | Date;
  conversation_id: string;
  agent_id: string;
  channel: string;
  first: boolean;
  person: boolean;
  prev_role: string | null;
  prev_at: string | Date | null;
  prev_outcome: string | null;
  asked_id: string | null;
  asked_at: string | Date | null;
  asked_person: boolean | null;
}

interface DayCounts {
  agentId: string;
  day: string;
  channel: string;
  conversations: number;
  messages: number;
  outcomes: Record<string, number>;
  personRequests: number;
  answerMs: number;
  answerCount: number;
  hours: number[];
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Reads one batch of messages after the last one read and adds them up; returns how many it read (0: caught up).
 * Runs inside a transaction that locks the progress row, so two processes never add the same batch twice.
 */
export async function rollUpBatch(db: Db, options: { settleMs?: number; batch?: number } = {}): Promise<number> {
  const settleMs = options.settleMs ?? ROLLUP_SETTLE_MS;
  const batch = options.batch ?? ROLLUP_BATCH;
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into insight_progress (id, last_seq) values (1, 0) on conflict (id) do nothing`);
    const progress = (await tx.execute(sql`select last_seq from insight_progress where id = 1 for update`)) as unknown as {
      rows: Array<{ last_seq: string | number }>;
    };
    const lastSeq = Number(progress.rows[0]!.last_seq);
    const result = (await tx.execute(sql`
      with batch as (
        select m.seq, m.id, m.role, m.outcome, m.created_at, m.conversation_id, m.content
        from messages m
        -- seq > 0 (always true) lets these two use messages_seq_idx (a partial index: db/schema/chat.ts)
        where m.seq > ${lastSeq} and m.seq > 0
          and m.seq < coalesce(
            (select min(y.seq) from messages y where y.seq > ${lastSeq} and y.seq > 0 and y.created_at > now() - make_interval(secs => ${settleMs / 1000})),
            9223372036854775807)
        order by m.seq
        limit ${batch}
      )
      select b.seq, b.id, b.role, b.outcome, b.created_at, b.conversation_id, c.agent_id, c.channel,
             prev.seq is null as first,
             b.role = 'user' and b.content ~* ${PERSON_REQUEST_PATTERN} as person,
             prev.role as prev_role, prev.created_at as prev_at, prev.outcome as prev_outcome,
             asked.id as asked_id, asked.created_at as asked_at, asked.content ~* ${PERSON_REQUEST_PATTERN} as asked_person
      from batch b
      join conversations c on c.id = b.conversation_id
      left join lateral (
        select p.seq, p.role, p.created_at, p.outcome from messages p
        where p.conversation_id = b.conversation_id and p.seq < b.seq
        order by p.seq desc limit 1
      ) prev on true
      left join lateral (
        select q.id, q.created_at, q.content from messages q
        where b.role = 'user' and b.content ~* ${PERSON_REQUEST_PATTERN}
          and q.conversation_id = b.conversation_id and q.seq < b.seq and q.role = 'user'
        order by q.seq desc limit 1
      ) asked on true
      order by b.seq`)) as unknown as { rows: MessageRow[] };
    const rows = result.rows;
    if (rows.length === 0) return 0;

    const days = new Map<string, DayCounts>();
    const missed: Array<typeof insightMissed.$inferInsert> = [];
    for (const row of rows) {
      if (row.channel === 'test') continue;
      const at = asDate(row.created_at);
      const { day, hour } = localDayHour(at);
      const key = `${row.agent_id}|${day}|${row.channel}`;
      let counts = days.get(key);
      if (!counts) {
        counts = {
          agentId: row.agent_id,
          day,
          channel: row.channel,
          conversations: 0,
          messages: 0,
          outcomes: {},
          personRequests: 0,
          answerMs: 0,
          answerCount: 0,
          hours: new Array<number>(24).fill(0),
        };
        days.set(key, counts);
      }
      if (row.first) counts.conversations += 1;
      if (row.role === 'user') {
        counts.messages += 1;
        counts.hours[hour]! += 1;
        if (row.person) {
          counts.personRequests += 1;
          // The question just before a request for a person, which the agent thought it answered: missed.
          if (row.asked_id && row.asked_at && !row.asked_person && row.prev_role === 'assistant' && row.prev_outcome === 'answered') {
            missed.push({ messageId: row.asked_id, agentId: row.agent_id, conversationId: row.conversation_id, askedAt: asDate(row.asked_at) });
          }
        }
      } else if (row.role === 'assistant') {
        // The team's own messages (the inbox) are neither the agent's answers nor customers' questions.
        const outcome = row.outcome ?? 'answered';
        counts.outcomes[outcome] = (counts.outcomes[outcome] ?? 0) + 1;
        if (row.prev_role === 'user' && row.prev_at) {
          counts.answerMs += Math.max(0, at.getTime() - asDate(row.prev_at).getTime());
          counts.answerCount += 1;
        }
      }
    }

    if (days.size > 0) {
      await tx
        .insert(insightDays)
        .values([...days.values()])
        .onConflictDoUpdate({
          target: [insightDays.agentId, insightDays.day, insightDays.channel],
          set: {
            conversations: sql`${insightDays.conversations} + excluded.conversations`,
            messages: sql`${insightDays.messages} + excluded.messages`,
            personRequests: sql`${insightDays.personRequests} + excluded.person_requests`,
            answerMs: sql`${insightDays.answerMs} + excluded.answer_ms`,
            answerCount: sql`${insightDays.answerCount} + excluded.answer_count`,
            hours: sql`array(select a + b from unnest(${insightDays.hours}, excluded.hours) as h(a, b))`,
            outcomes: sql`(select coalesce(jsonb_object_agg(k, coalesce((${insightDays.outcomes} ->> k)::int, 0) + coalesce((excluded.outcomes ->> k)::int, 0)), '{}'::jsonb)
              from jsonb_object_keys(${insightDays.outcomes} || excluded.outcomes) as k)`,
          },
        });
    }
    if (missed.length > 0) await tx.insert(insightMissed).values(missed).onConflictDoNothing();
    const last = Number(rows[rows.length - 1]!.seq);
    await tx.execute(sql`update insight_progress set last_seq = ${last}, updated_at = now() where id = 1`);
    return rows.length;
  });
}

/**
 * Reads batches until caught up (or `maxBatches`), yielding between batches so chat turns go first.
 * One run at a time per process; a second caller waits for the running one.
 */
let running: Promise<number> | null = null;
export function rollUpInsights(db: Db, options: { settleMs?: number; batch?: number; maxBatches?: number } = {}): Promise<number> {
  const run = async () => {
    let total = 0;
    for (let i = 0; i < (options.maxBatches ?? Infinity); i++) {
      const n = await rollUpBatch(db, options);
      total += n;
      if (n < (options.batch ?? ROLLUP_BATCH)) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return total;
  };
  const next = (running ?? Promise.resolve(0)).catch(() => 0).then(run);
  running = next;
  void next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}
