import type { Agent, AgentList, Conversation, ConversationSummary, UpdateAgentInput, WebLimits, WebLimitsInput } from '@atende/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every query key of the agents feature, in one place. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => [...agentKeys.all, 'list'] as const,
  conversations: (agentId: string) => [...agentKeys.all, agentId, 'conversations'] as const,
  conversation: (agentId: string, conversationId: string) =>
    [...agentKeys.conversations(agentId), conversationId] as const,
};

const agentPath = (id: string) => `/api/agents/${encodeURIComponent(id)}`;

const agentListQuery = queryOptions({ queryKey: agentKeys.list(), queryFn: () => api<AgentList>('/api/agents') });

/** The user's agents, plan and usage (agents newest first). */
export function useAgents() {
  return useQuery(agentListQuery);
}

/** One agent, read from the list (undefined while loading, null when it does not exist). */
export function useAgent(id: string) {
  return useQuery({ ...agentListQuery, select: (list) => list.agents.find((agent) => agent.id === id) ?? null });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<Agent>('/api/agents', { method: 'POST', json: { name } }),
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
    mutationFn: ({ id, patch }: UpdateAgentVariables) => api<Agent>(agentPath(id), { method: 'PATCH', json: patch }),
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
    mutationFn: (id: string) => api<void>(agentPath(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: agentKeys.conversations(id) });
      return queryClient.invalidateQueries({ queryKey: agentKeys.list() });
    },
  });
}

export function useConversations(agentId: string) {
  return useQuery({
    queryKey: agentKeys.conversations(agentId),
    queryFn: () => api<{ conversations: ConversationSummary[] }>(`${agentPath(agentId)}/conversations`),
    select: (data) => data.conversations,
  });
}

export function useConversation(agentId: string, conversationId: string | null) {
  return useQuery({
    queryKey: agentKeys.conversation(agentId, conversationId ?? ''),
    queryFn: () =>
      api<Conversation>(`${agentPath(agentId)}/conversations/${encodeURIComponent(conversationId ?? '')}`),
    enabled: conversationId !== null,
  });
}

function replaceAgent(list: AgentList | undefined, id: string, changes: Partial<Agent>): AgentList | undefined {
  if (!list) return list;
  return { ...list, agents: list.agents.map((agent) => (agent.id === id ? { ...agent, ...changes } : agent)) };
}

const webLimitsKey = (agentId: string) => [...agentKeys.all, agentId, 'web-limits'] as const;

/** The agent's public web chat limits and what they refused today. */
export function useWebLimits(agentId: string) {
  return useQuery({ queryKey: webLimitsKey(agentId), queryFn: () => api<WebLimits>(`${agentPath(agentId)}/web-limits`) });
}

export function useSaveWebLimits(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: WebLimitsInput) => api<WebLimits>(`${agentPath(agentId)}/web-limits`, { method: 'PUT', json: limits }),
    onSuccess: (saved) => queryClient.setQueryData(webLimitsKey(agentId), saved),
  });
}
