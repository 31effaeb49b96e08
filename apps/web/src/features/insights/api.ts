import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';

export const insightKeys = {
  /** Every Painel of an agent (knowledge's taught-answer mutations invalidate ['insights', agentId]). */
  agent: (agentId: string) => ['insights', agentId] as const,
  period: (agentId: string, days: number) => [...insightKeys.agent(agentId), days] as const,
};

/** The agent's Painel for the last `days` days; refreshed every minute while open. */
export function useInsights(agentId: string, days: number) {
  return useQuery({
    queryKey: insightKeys.period(agentId, days),
    queryFn: () => call(client.api.agents[':id'].insights.$get({ param: { id: agentId }, query: { days: String(days) } })),
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
