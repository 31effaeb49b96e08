import type { AnswerOutcome } from '@atende/shared';
import type { Db } from '../db/client';
import { appendAssistantMessage, appendAssistantMessages, type StoredAnswer } from './conversations';

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
