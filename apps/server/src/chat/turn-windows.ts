import { MEMORY_WINDOW } from '@atende/shared';
import { LRUCache } from 'lru-cache';
import type { Notifier } from '../db/notify';
import type { KnownWindow } from './conversations';
import type { TurnHistory } from './types';

/** Sessions whose window is kept: the least recently used dropped first. */
const MAX_SESSIONS = 2_000;
/** Characters kept in all (each window is at most MEMORY_WINDOW exchanges): a few MB at most. */
const MAX_CHARACTERS = 2_000_000;
/** A session quiet for this long is forgotten (a web chat visitor has gone; a WhatsApp customer comes back later). */
const MAX_AGE_MS = 15 * 60_000;
/** The notice that a conversation was erased with its customer's data (LGPD): every instance drops its window. */
export const CONVERSATION_ERASED = 'conversation-erased';

/**
 * The memory windows of the sessions answered lately, so that a session's next turn does not read its window from
 * the database again (ADR 0017: a sixth of the backend's work in the turn's first statement). What is kept is only
 * a hint: beginTurn checks it against the conversation's count of messages in the same statement and reads the
 * window whenever anything else was written to the conversation since (the team, another instance, a notice).
 */
export class TurnWindows {
  private readonly windows = new LRUCache<string, KnownWindow>({
    max: MAX_SESSIONS,
    maxSize: MAX_CHARACTERS,
    sizeCalculation: (w) => w.history.reduce((n, m) => n + m.content.length, 1),
    ttl: MAX_AGE_MS,
  });

  /** Drops the windows of the conversations erased on any instance, as the notices of it arrive. */
  follow(notifier: Notifier): void {
    void notifier.listen((notice) => {
      if (notice.type === CONVERSATION_ERASED && notice.conversationId) this.forget(notice.conversationId);
    });
  }

  /** Drops a conversation's window: an erased customer's messages are not kept in memory until it expires. */
  forget(conversationId: string): void {
    const keys = [...this.windows.entries()].filter(([, w]) => w.conversationId === conversationId).map(([k]) => k);
    for (const k of keys) this.windows.delete(k);
  }

  get(agentId: string, channel: string, sessionId: string): KnownWindow | undefined {
    return this.windows.get(key(agentId, channel, sessionId));
  }

  /**
   * After an answer: the window the session's next turn starts with (this turn's window, its message and the answer),
   * if the answer's statement counted exactly the two messages of the turn; otherwise the session is forgotten.
   */
  answered(
    agentId: string,
    channel: string,
    sessionId: string,
    turn: { conversationId: string; messageCount: number | null; history: TurnHistory; message: string },
    answer: { content: string; messageCount: number | null },
  ): void {
    const k = key(agentId, channel, sessionId);
    if (turn.messageCount === null || answer.messageCount !== turn.messageCount + 1) {
      this.windows.delete(k);
      return;
    }
    // Frozen: the next turn hands the same objects to its responder.
    const history: TurnHistory = Object.freeze(
      [...turn.history, Object.freeze({ role: 'user' as const, content: turn.message }), Object.freeze({ role: 'assistant' as const, content: answer.content })].slice(
        -MEMORY_WINDOW * 2,
      ),
    );
    this.windows.set(k, { conversationId: turn.conversationId, messageCount: answer.messageCount, history });
  }
}

const key = (agentId: string, channel: string, sessionId: string) => `${agentId}\n${channel}\n${sessionId}`;
