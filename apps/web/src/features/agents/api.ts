import type { Agent, AgentAppearance, AgentList, AppearanceInput, UpdateAgentInput, WebLimitsInput } from '@atende/shared';
import { useCallback, useMemo } from 'react';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client, putForm } from '../../lib/api';
import { deliveriesKey } from '../../lib/delivery';
import { useLiveStream, type LiveHandler } from '../../lib/live';
import { transcriptQuery } from '../../lib/transcript';

/** Every query key of the agents feature, in one place. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => [...agentKeys.all, 'list'] as const,
  conversations: (agentId: string) => [...agentKeys.all, agentId, 'conversations'] as const,
  conversation: (agentId: string, conversationId: string) =>
    [...agentKeys.conversations(agentId), conversationId] as const,
};

const agentListQuery = queryOptions({ queryKey: agentKeys.list(), queryFn: () => call(client.api.agents.$get()) });

/** The user's agents, plan and usage (agents newest first). */
export function useAgents() {
  return useQuery(agentListQuery);
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(client.api.agents.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.list() }),
  });
}

export interface UpdateAgentVariables {
  id: string;
  patch: UpdateAgentInput;
}

/** PATCH an agent. The active flag changes optimistically and rolls back on failure. */
export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: UpdateAgentVariables) => call(client.api.agents[':id'].$patch({ param: { id }, json: patch })),
    onMutate: async ({ id, patch }) => {
      if (patch.active === undefined) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: agentKeys.list() });
      const previous = queryClient.getQueryData<AgentList>(agentKeys.list());
      queryClient.setQueryData<AgentList>(agentKeys.list(), (list) => replaceAgent(list, id, { active: patch.active }));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(agentKeys.list(), context.previous);
    },
    onSuccess: (agent) => {
      queryClient.setQueryData<AgentList>(agentKeys.list(), (list) => replaceAgent(list, agent.id, agent));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.list() }),
  });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.api.agents[':id'].$delete({ param: { id } })),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: agentKeys.conversations(id) });
      return queryClient.invalidateQueries({ queryKey: agentKeys.list() });
    },
  });
}

export function useConversations(agentId: string) {
  return useQuery({
    queryKey: agentKeys.conversations(agentId),
    queryFn: () => call(client.api.agents[':id'].conversations.$get({ param: { id: agentId } })),
    select: (data) => data.conversations,
    // Customers write at any moment: each visit of 'Conversas' (or the checklist) asks again.
    staleTime: 0,
  });
}

/** One transcript: its latest messages, and the earlier ones page by page (`fetchNextPage`, ADR 0022). */
export function useConversation(agentId: string, conversationId: string | null) {
  return useInfiniteQuery({
    queryKey: agentKeys.conversation(agentId, conversationId ?? ''),
    ...transcriptQuery(agentId, conversationId ?? ''),
    enabled: conversationId !== null,
  });
}

/**
 * Keeps the agent's 'Conversas' live while mounted, through the account's live stream (the one Atendimentos follows,
 * lib/live.ts): a change of one of this agent's customer conversations refreshes the list and, when open, its
 * transcript; a delivery state ('Não entregue', 'Entregue', 'Lida') only that conversation's states; a reconnection
 * everything of the agent's conversations. True while the stream is connected.
 */
export function useLiveConversations(agentId: string): boolean {
  const queryClient = useQueryClient();
  const handler = useMemo<LiveHandler>(
    () => ({
      ready: () => void queryClient.invalidateQueries({ queryKey: agentKeys.conversations(agentId) }),
      event: ({ agentId: changed, conversationId, kind }) => {
        // Who holds the conversation and what the team has seen are not shown here.
        if (changed !== agentId || kind === 'state' || kind === 'read') return;
        const transcript = agentKeys.conversation(agentId, conversationId);
        if (kind === 'receipt' || kind === 'delivery') {
          void queryClient.invalidateQueries({ queryKey: deliveriesKey(transcript) });
          return;
        }
        void queryClient.invalidateQueries({ queryKey: agentKeys.conversations(agentId), exact: true });
        // Erased (LGPD): what the screen showed of it goes at once.
        if (kind === 'erased') void queryClient.resetQueries({ queryKey: transcript });
        else void queryClient.invalidateQueries({ queryKey: transcript });
      },
    }),
    [queryClient, agentId],
  );
  return useLiveStream(handler);
}

/**
 * After each message of the owner's test chat: the day's test count (the agents list's usage) and the agent's
 * conversations (the checklist's 'Teste' step) changed on the server. Only these two queries, each once, and only
 * refetched where they are on screen; the open transcripts under the conversations key are left alone.
 */
export function useRefreshAfterTestMessage(agentId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: agentKeys.list(), exact: true });
    void queryClient.invalidateQueries({ queryKey: agentKeys.conversations(agentId), exact: true });
  }, [queryClient, agentId]);
}

function replaceAgent(list: AgentList | undefined, id: string, changes: Partial<Agent>): AgentList | undefined {
  if (!list) return list;
  return { ...list, agents: list.agents.map((agent) => (agent.id === id ? { ...agent, ...changes } : agent)) };
}

const webLimitsKey = (agentId: string) => [...agentKeys.all, agentId, 'web-limits'] as const;

/** The agent's public web chat limits and what they refused today. */
export function useWebLimits(agentId: string) {
  return useQuery({ queryKey: webLimitsKey(agentId), queryFn: () => call(client.api.agents[':id']['web-limits'].$get({ param: { id: agentId } })) });
}

export function useSaveWebLimits(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: WebLimitsInput) => call(client.api.agents[':id']['web-limits'].$put({ param: { id: agentId }, json: limits })),
    onSuccess: (saved) => queryClient.setQueryData(webLimitsKey(agentId), saved),
  });
}

const appearanceKey = (agentId: string) => [...agentKeys.all, agentId, 'appearance'] as const;
const appearance = client.api.agents[':id'].appearance;

/** How the agent's chat looks to customers (the workspace's 'Aparência'). */
export function useAppearance(agentId: string) {
  return useQuery({ queryKey: appearanceKey(agentId), queryFn: () => call(appearance.$get({ param: { id: agentId } })) });
}

export function useSaveAppearance(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppearanceInput) => call(appearance.$put({ param: { id: agentId }, json: input })),
    onSuccess: (saved) => queryClient.setQueryData(appearanceKey(agentId), saved),
  });
}

/** Replaces the avatar (multipart, so outside the typed client) or removes it. */
export function useAvatar(agentId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (saved: AgentAppearance) => queryClient.setQueryData(appearanceKey(agentId), saved);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return putForm<AgentAppearance>(`/api/agents/${encodeURIComponent(agentId)}/appearance/avatar`, form);
    },
    onSuccess,
  });
  const remove = useMutation({ mutationFn: () => call(appearance.avatar.$delete({ param: { id: agentId } })), onSuccess });
  return { upload, remove };
}
