import { randomUUID } from 'node:crypto';
import type { AnswerOutcome } from '@atende/shared';
import { sql, type SQL } from 'drizzle-orm';
import { executeShaped, PREPARED, type Db } from '../db/client';
import { appendAssistantMessage, PREVIEW, type StoredAnswer } from './conversations';

/** At most this many answers in one statement (its arrays stay small; more wait for the next write). */
const MAX_BATCH = 64;

interface Pending {
  conversationId: string;
  content: string;
  outcome: AnswerOutcome;
  resolve(answer: StoredAnswer): void;
  reject(err: unknown): void;
}

/**
 * The answers of concurrent chat turns, written together (ADR 0023): an answer that finds no write in flight goes at
 * once, alone, as before; the answers that come while one is in flight wait for it and then go together, in one
 * statement and one commit. Group commit done by the application: at low load nothing waits, under load every
 * answer saves a round trip, a statement's start-up and a commit of its own (on PGlite, a trip to its thread and its
 * protocol work), which is most of what storing an answer costs. Each caller still learns its own message's id and
 * the conversation's count with it.
 */
export class AnswerWrites {
  private waiting: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  /** Stores the answer and updates the conversation's summary, as appendAssistantMessage (which it calls when alone). */
  write(conversationId: string, content: string, outcome: AnswerOutcome): Promise<StoredAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ conversationId, content, outcome, resolve, reject });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        if (batch.length === 1) await this.writeAlone(batch[0]!);
        else await this.writeTogether(batch);
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeAlone(p: Pending): Promise<void> {
    await appendAssistantMessage(this.db, p.conversationId, p.content, p.outcome).then(p.resolve, p.reject);
  }

  private async writeTogether(batch: Pending[]): Promise<void> {
    let stored: StoredAnswer[];
    try {
      stored = await appendAssistantMessages(this.db, batch);
    } catch {
      // One answer can fail the statement for all (its conversation was erased meanwhile): each goes alone, in order,
      // so only that one fails, with its own error.
      for (const p of batch) await this.writeAlone(p);
      return;
    }
    batch.forEach((p, i) => p.resolve(stored[i]!));
  }
}

/**
 * Several answers in one statement: the messages in the given order, and each conversation's summary once (its count
 * up by its number of answers, its preview the last one's). Returns, in the same order, each message's id and the
 * conversation's count with that message (null: the conversation is gone).
 */
async function appendAssistantMessages(db: Db, answers: ReadonlyArray<Pick<Pending, 'conversationId' | 'content' | 'outcome'>>): Promise<StoredAnswer[]> {
  const ids = answers.map(() => randomUUID());
  const { rows } = await executeShaped<{ id: string; message_count: number }>(db, 'append-assistant-many', appendAssistantsSql, {
    ids,
    conversationIds: answers.map((a) => a.conversationId),
    contents: answers.map((a) => a.content),
    outcomes: answers.map((a) => a.outcome),
    previews: answers.map((a) => a.content.slice(0, PREVIEW)),
  });
  const counts = new Map(rows.map((r) => [r.id, r.message_count]));
  // A conversation's returned count is its last answer's here; each answer before it is one less per answer after it.
  const after = new Map<string, number>();
  for (const a of answers) after.set(a.conversationId, (after.get(a.conversationId) ?? 0) + 1);
  return answers.map((a, i) => {
    const later = after.get(a.conversationId)! - 1;
    after.set(a.conversationId, later);
    const count = counts.get(a.conversationId);
    return { id: ids[i]!, messageCount: count === undefined ? null : count - later };
  });
}

function appendAssistantsSql(): SQL {
  const p = sql.placeholder;
  return sql`${PREPARED}
    with v as (
      select * from unnest(${p('ids')}::text[], ${p('conversationIds')}::text[], ${p('contents')}::text[], ${p('outcomes')}::text[], ${p('previews')}::text[])
        with ordinality as v(id, conversation_id, content, outcome, preview, n)
    ), msg as (
      insert into messages (id, conversation_id, role, content, outcome)
      select id, conversation_id, 'assistant', content, outcome from v order by n
    ), per as (
      select distinct on (conversation_id) conversation_id, preview, count(*) over (partition by conversation_id)::int as added
      from v order by conversation_id, n desc
    )
    update conversations c
    set message_count = c.message_count + per.added, last_message = per.preview, last_message_at = now()
    from per
    where c.id = per.conversation_id
    returning c.id, c.message_count`;
}
