import { isUnguessableSessionId } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { retiredKey, STORED_KEY_PREFIX, type SessionKeys } from '../../chat/session-keys';

const BATCH = 500;

/**
 * Start-up step (under the start-up lock, after the migrations): web
 * conversations written by a release that stored the raw session id get their
 * keyed hash, so the visitor or integrator holding the id carries on (ADR 0011).
 * An id that is guessable, or that appears with more than one account (the old
 * chat page used one id for every merchant, and each merchant's dashboard showed
 * it), gets a key nobody holds: the transcript stays in the dashboard and opens
 * for no one. Idempotent; needs the secret, so it cannot be a SQL migration.
 */
export async function rekeyLegacyWebSessions(db: Db, keys: SessionKeys, logger?: Logger): Promise<{ rekeyed: number; retired: number }> {
  const legacy = sql`channel = 'web' and left(session_id, 1) <> ${STORED_KEY_PREFIX}`;
  const shared = new Set(
    (
      (await db.execute(sql`
        select session_id from conversations where ${legacy}
        group by session_id having count(distinct user_id) > 1`)) as unknown as { rows: Array<{ session_id: string }> }
    ).rows.map((r) => r.session_id),
  );
  let rekeyed = 0;
  let retired = 0;
  for (;;) {
    const { rows } = (await db.execute(sql`
      select id, agent_id, session_id from conversations where ${legacy} limit ${BATCH}`)) as unknown as {
      rows: Array<{ id: string; agent_id: string; session_id: string }>;
    };
    if (rows.length === 0) break;
    for (const row of rows) {
      const keep = isUnguessableSessionId(row.session_id) && !shared.has(row.session_id);
      // A conversation the same visitor already continued under its key (rolling deploy) keeps that one.
      if (keep && (await setKey(db, row, keys.keyFor(row.agent_id, row.session_id)))) {
        rekeyed += 1;
        continue;
      }
      await setKey(db, row, retiredKey());
      retired += 1;
    }
  }
  if (rekeyed + retired > 0) logger?.info({ rekeyed, retired }, 'web chat sessions re-keyed');
  return { rekeyed, retired };
}

async function setKey(db: Db, row: { id: string; agent_id: string; session_id: string }, key: string): Promise<boolean> {
  const result = (await db.execute(sql`
    update conversations set session_id = ${key}
    where id = ${row.id} and session_id = ${row.session_id}
      and not exists (select 1 from conversations taken where taken.agent_id = ${row.agent_id} and taken.channel = 'web' and taken.session_id = ${key})
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
