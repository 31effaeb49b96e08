import type { WhatsAppConfigInput } from '@atende/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';

export const whatsappKeys = {
  config: (agentId: string) => ['whatsapp', agentId] as const,
  verification: (agentId: string) => ['whatsapp', agentId, 'verification'] as const,
};

const whatsapp = client.api.agents[':id'].whatsapp;

/** The agents list shows the WhatsApp configuration's error line: refresh it after each check. */
const refreshAgents = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['agents'] });

/** The saved configuration (secrets masked), the webhook URL and the verify token; always fresh on open. */
export function useWhatsAppConfig(agentId: string) {
  return useQuery({
    queryKey: whatsappKeys.config(agentId),
    queryFn: () => call(whatsapp.$get({ param: { id: agentId } })),
    staleTime: 0,
  });
}

/** Re-verifies the saved credentials each time the modal opens (docs/product.md §4). */
export function useWhatsAppVerification(agentId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: whatsappKeys.verification(agentId),
    queryFn: async () => {
      const check = await call(whatsapp.verify.$post({ param: { id: agentId } }));
      queryClient.setQueryData(whatsappKeys.config(agentId), check.config);
      void refreshAgents(queryClient);
      return check;
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Verify, then save: the server stores the credentials only when the Graph API accepts them. */
export function useSaveWhatsApp(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhatsAppConfigInput) => call(whatsapp.$put({ param: { id: agentId }, json: input })),
    onSuccess: (check) => {
      queryClient.setQueryData(whatsappKeys.config(agentId), check.config);
      return refreshAgents(queryClient);
    },
  });
}
