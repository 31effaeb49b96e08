/**
 * The seam through which a channel that holds the customer's screen open (the public chat page and the widget)
 * receives messages pushed to a conversation — the team's replies from the inbox. In-process for now: an SSE
 * endpoint subscribes for the conversation it serves. With several web instances, `publish` must reach the
 * instance that holds the subscriber: put Postgres LISTEN/NOTIFY (or the job queue) behind this same interface.
 */
export interface LiveMessage {
  id: string;
  conversationId: string;
  role: 'assistant' | 'team';
  content: string;
  createdAt: string;
}

export interface LiveFeed {
  publish(message: LiveMessage): void;
  /** Calls `listener` for every message published to the conversation until the returned function is called. */
  subscribe(conversationId: string, listener: (message: LiveMessage) => void): () => void;
}

export function createLiveFeed(): LiveFeed {
  const listeners = new Map<string, Set<(message: LiveMessage) => void>>();
  return {
    publish(message) {
      for (const listener of listeners.get(message.conversationId) ?? []) listener(message);
    },
    subscribe(conversationId, listener) {
      const set = listeners.get(conversationId) ?? new Set();
      listeners.set(conversationId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(conversationId);
      };
    },
  };
}
