import type { Conversation, HandoffSettings, InboxEvent } from '@atende/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { call, client } from '../../lib/api';
import { transcriptQuery, withNewMessage } from '../../lib/transcript';

/** Every query key of the inbox, in one place. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  conversation: (conversationId: string) => [...inboxKeys.all, 'conversation', conversationId] as const,
  handoff: (agentId: string) => [...inboxKeys.all, 'handoff', agentId] as const,
};

const conversation = client.api.agents[':id'].conversations[':conversationId'];
const param = (agentId: string, conversationId: string) => ({ param: { id: agentId, conversationId } });

/** Every customer conversation of the account, newest first (filters are applied on screen). */
export function useInbox() {
  return useQuery({
    queryKey: inboxKeys.list(),
    queryFn: async () => (await call(client.api.inbox.$get({ query: {} }))).conversations,
  });
}

/** The conversation: its latest messages, and the earlier ones page by page (`fetchNextPage`, ADR 0022). */
export function useInboxConversation(agentId: string | undefined, conversationId: string) {
  return useInfiniteQuery({
    queryKey: inboxKeys.conversation(conversationId),
    ...transcriptQuery(agentId ?? '', conversationId),
    enabled: Boolean(agentId),
  });
}

/**
 * The live stream of the account's conversations (GET /api/inbox/events), one per page however many parts of the
 * screen follow it (the sidebar's count, the inbox): each change refreshes what is on screen. The browser
 * reconnects by itself; every (re)connection reloads the list, so nothing missed meanwhile is lost.
 */
let stream: { source: EventSource; live: boolean; followers: Set<() => void> } | null = null;

function follow(queryClient: QueryClient, onChange: () => void): () => void {
  if (!stream) {
    const source = new EventSource('/api/inbox/events');
    const current = { source, live: false, followers: new Set<() => void>() };
    const setLive = (live: boolean) => {
      current.live = live;
      for (const follower of current.followers) follower();
    };
    source.addEventListener('ready', () => {
      setLive(true);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    });
    source.addEventListener('inbox', (event) => {
      const { conversationId, kind } = JSON.parse((event as MessageEvent<string>).data) as InboxEvent;
      void queryClient.invalidateQueries({ queryKey: inboxKeys.list() });
      // Erased (LGPD): what the screen showed of it goes at once, not on the next reload.
      if (kind === 'erased') void queryClient.resetQueries({ queryKey: inboxKeys.conversation(conversationId) });
      else void queryClient.invalidateQueries({ queryKey: inboxKeys.conversation(conversationId) });
    });
    source.onerror = () => setLive(false);
    stream = current;
  }
  const opened = stream;
  opened.followers.add(onChange);
  return () => {
    opened.followers.delete(onChange);
    if (opened.followers.size === 0 && stream === opened) {
      opened.source.close();
      stream = null;
    }
  };
}

/** Follows the live stream while mounted; true while it is connected. */
export function useInboxEvents(): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => follow(queryClient, onChange), [queryClient]);
  return useSyncExternalStore(subscribe, () => stream?.live ?? false);
}

/**
 * How many customers wait for a person right now (the sidebar's badge on 'Atendimentos'), kept live by the same
 * stream as the inbox.
 */
export function useWaitingCount(): number {
  useInboxEvents();
  const { data } = useInbox();
  return data?.filter((c) => c.state === 'waiting').length ?? 0;
}

type Action = 'takeover' | 'release' | 'close' | 'read';

export function useConversationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, conversationId, action }: { agentId: string; conversationId: string; action: Action }) =>
      call(conversation[action].$post(param(agentId, conversationId))),
    onSettled: (_data, _error, { conversationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.list() }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.conversation(conversationId) }),
      ]),
  });
}

export function useTeamReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, conversationId, text }: { agentId: string; conversationId: string; text: string }) =>
      call(conversation.messages.$post({ ...param(agentId, conversationId), json: { text } })),
    onSuccess: ({ message, conversation }, { conversationId }) => {
      queryClient.setQueryData<InfiniteData<Conversation, string | undefined>>(inboxKeys.conversation(conversationId), (current) =>
        withNewMessage(current, message, conversation),
      );
      void queryClient.invalidateQueries({ queryKey: inboxKeys.list() });
    },
  });
}

export function useHandoffSettings(agentId: string) {
  return useQuery({
    queryKey: inboxKeys.handoff(agentId),
    queryFn: () => call(client.api.agents[':id'].handoff.$get({ param: { id: agentId } })),
  });
}

export function useSaveHandoffSettings(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HandoffSettings) => call(client.api.agents[':id'].handoff.$put({ param: { id: agentId }, json: settings })),
    onSuccess: (saved) => queryClient.setQueryData(inboxKeys.handoff(agentId), saved),
  });
}
