import type { Conversation, HandoffSettings } from '@atende/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';
import { deliveriesKey } from '../../lib/delivery';
import { useLiveStream, type LiveHandler } from '../../lib/live';
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
 * What the inbox does with the account's live stream (lib/live.ts), one handler per query client: each change
 * refreshes what is on screen, and every (re)connection reloads the list, so nothing missed meanwhile is lost.
 */
const handlers = new WeakMap<QueryClient, LiveHandler>();

function inboxHandler(queryClient: QueryClient): LiveHandler {
  let handler = handlers.get(queryClient);
  if (!handler) {
    handler = {
      ready: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      event: ({ conversationId, kind }) => {
        // Delivered or read ('Entregue', 'Lida'): only the conversation's delivery states changed.
        if (kind === 'receipt') {
          void queryClient.invalidateQueries({ queryKey: deliveriesKey(inboxKeys.conversation(conversationId)) });
          return;
        }
        void queryClient.invalidateQueries({ queryKey: inboxKeys.list() });
        // Erased (LGPD): what the screen showed of it goes at once, not on the next reload.
        if (kind === 'erased') void queryClient.resetQueries({ queryKey: inboxKeys.conversation(conversationId) });
        else void queryClient.invalidateQueries({ queryKey: inboxKeys.conversation(conversationId) });
      },
    };
    handlers.set(queryClient, handler);
  }
  return handler;
}

/** Follows the live stream while mounted; true while it is connected. */
export function useInboxEvents(): boolean {
  return useLiveStream(inboxHandler(useQueryClient()));
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
