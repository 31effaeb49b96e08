import type { AccountInsights, Insights } from '@atende/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';

export const insightKeys = {
  /** Every Painel of an agent (knowledge's taught-answer mutations invalidate every ['insights', …]). */
  agent: (agentId: string) => ['insights', agentId] as const,
  period: (agentId: string, days: number) => [...insightKeys.agent(agentId), days] as const,
};

/**
 * The Painel for the last `days` days — of one agent, or (no `agentId`) of the whole account, with each agent's
 * share; refreshed every minute while open.
 */
export function useInsights(agentId: string | undefined, days: number) {
  return useQuery<Insights & { agents?: AccountInsights['agents'] }>({
    queryKey: insightKeys.period(agentId ?? 'account', days),
    queryFn: () =>
      agentId
        ? call(client.api.agents[':id'].insights.$get({ param: { id: agentId }, query: { days: String(days) } }))
        : call(client.api.insights.$get({ query: { days: String(days) } })),
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** The CSV export of the period (a plain link: the browser downloads it with the session cookie). */
export const exportUrl = (agentId: string, from: string, to: string) =>
  `/api/agents/${encodeURIComponent(agentId)}/conversations/export?format=csv&from=${from}&to=${to}`;

/** Whether the weekly summary e-mail is on (the account's setting). */
export function useInsightSettings() {
  return useQuery({ queryKey: ['insights', 'settings'], queryFn: () => call(client.api.insights.settings.$get()) });
}

export function useSaveInsightSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weeklySummary: boolean) => call(client.api.insights.settings.$put({ json: { weeklySummary } })),
    onSuccess: (saved) => queryClient.setQueryData(['insights', 'settings'], saved),
  });
}
