import type { InboxEvent } from '@atende/shared';
import { useCallback, useSyncExternalStore } from 'react';

/** What a screen does with the account's live stream. */
export interface LiveHandler {
  /** The stream (re)connected: reload what the screen shows, as changes made while it was closed are not replayed. */
  ready(): void;
  /** One of the account's conversations changed (docs/product.md §7, GET /api/inbox/events). */
  event(event: InboxEvent): void;
}

/**
 * The live stream of the account's conversations (GET /api/inbox/events), one per page however many parts of the
 * screen follow it (the sidebar's count, Atendimentos, the agent's Conversas). Each handler is called once per event
 * however many times it is followed. The browser reconnects by itself; every (re)connection calls `ready`.
 */
let stream: { source: EventSource; live: boolean; handlers: Map<LiveHandler, number>; watchers: Set<() => void> } | null = null;

function follow(handler: LiveHandler, onChange: () => void): () => void {
  if (!stream) {
    const source = new EventSource('/api/inbox/events');
    const current = { source, live: false, handlers: new Map<LiveHandler, number>(), watchers: new Set<() => void>() };
    const setLive = (live: boolean) => {
      current.live = live;
      for (const watcher of current.watchers) watcher();
    };
    source.addEventListener('ready', () => {
      setLive(true);
      for (const h of [...current.handlers.keys()]) h.ready();
    });
    source.addEventListener('inbox', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as InboxEvent;
      for (const h of [...current.handlers.keys()]) h.event(event);
    });
    source.onerror = () => setLive(false);
    stream = current;
  }
  const opened = stream;
  opened.handlers.set(handler, (opened.handlers.get(handler) ?? 0) + 1);
  opened.watchers.add(onChange);
  return () => {
    const count = (opened.handlers.get(handler) ?? 1) - 1;
    if (count > 0) opened.handlers.set(handler, count);
    else opened.handlers.delete(handler);
    opened.watchers.delete(onChange);
    if (opened.watchers.size === 0 && stream === opened) {
      opened.source.close();
      stream = null;
    }
  };
}

/** Follows the live stream with `handler` (keep it stable: memoize it) while mounted; true while it is connected. */
export function useLiveStream(handler: LiveHandler): boolean {
  const subscribe = useCallback((onChange: () => void) => follow(handler, onChange), [handler]);
  return useSyncExternalStore(subscribe, () => stream?.live ?? false);
}
