import type { Notice, Notifier } from '../../db/notify';

/**
 * The seam through which a channel that holds the customer's screen open (the public chat page and the widget)
 * receives messages pushed to a conversation: the team's replies from the inbox, and the agent's notice when it takes
 * a conversation back. A message is stored first; `publish` tells every instance (db/notify.ts: Postgres
 * LISTEN/NOTIFY, or in-process on PGlite), and the instance that holds the customer's stream loads it by id and
 * pushes it.
 */
export interface LiveMessage {
  id: string;
  conversationId: string;
  role: 'assistant' | 'team';
  content: string;
  createdAt: string;
}

export interface LiveFeed {
  /** Tells the open chat of `conversationId` that the stored message `messageId` is there for it. */
  publish(conversationId: string, messageId: string): Promise<void>;
  /** Calls `listener` for every message published to the conversation until the returned function is called. */
  subscribe(conversationId: string, listener: (message: LiveMessage) => void): Promise<() => void>;
  /** Resolves at shutdown: open streams end then. */
  readonly closed: Promise<void>;
}

const LIVE = 'live';

export function createLiveFeed(notifier: Notifier, load: (messageId: string) => Promise<LiveMessage | null>): LiveFeed {
  const listeners = new Map<string, Set<(message: LiveMessage) => void>>();
  let stop: Promise<() => void> | null = null;

  const deliver = async (notice: Notice) => {
    if (notice.type !== LIVE || !notice.conversationId || !notice.messageId) return;
    const set = listeners.get(notice.conversationId);
    if (!set?.size) return;
    const message = await load(notice.messageId);
    if (!message || message.conversationId !== notice.conversationId) return;
    for (const listener of [...set]) listener(message);
  };

  return {
    closed: notifier.closed,
    async publish(conversationId, messageId) {
      await notifier.notify({ type: LIVE, conversationId, messageId });
    },
    async subscribe(conversationId, listener) {
      const set = listeners.get(conversationId) ?? new Set();
      listeners.set(conversationId, set);
      set.add(listener);
      stop ??= notifier.listen((notice) => void deliver(notice).catch(() => {}));
      await stop;
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(conversationId);
      };
    },
  };
}
