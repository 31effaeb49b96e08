import type { PlanId, SandboxDecision } from '@atende/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';

/** Every query key of the billing feature. */
export const billingKeys = {
  all: ['billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  confirmation: (preapprovalId: string) => [...billingKeys.all, 'confirmation', preapprovalId] as const,
  sandbox: (preapprovalId: string) => [...billingKeys.all, 'sandbox', preapprovalId] as const,
};

/** 'Meu plano': plan, status, usage, subscription and payment history. */
export function useBilling(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: billingKeys.overview(), queryFn: () => call(client.api.billing.$get()), enabled: options.enabled });
}

/** Starts a checkout; answers the provider's URL. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: (plan: PlanId) => call(client.api.billing.subscriptions.$post({ json: { plan } })),
  });
}

/**
 * The return page's verification: the server asks the provider about this
 * preapproval (safe to repeat). A query, so a remount or a reload asks once.
 */
export function usePaymentConfirmation(preapprovalId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: billingKeys.confirmation(preapprovalId ?? ''),
    queryFn: async () => {
      const result = await call(client.api.billing.confirm.$post({ json: { preapproval_id: preapprovalId ?? '' } }));
      // The plan may have changed: every cached limit (agents, usage, profile) is stale.
      if (result.status === 'authorized') await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] !== 'confirmation' });
      return result;
    },
    enabled: preapprovalId !== null,
    staleTime: Infinity,
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.api.billing.cancel.$post()),
    onSuccess: async (overview) => {
      queryClient.setQueryData(billingKeys.overview(), overview);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== billingKeys.all[0] });
    },
  });
}

export function useSandboxCheckout(preapprovalId: string) {
  return useQuery({ queryKey: billingKeys.sandbox(preapprovalId), queryFn: () => call(client.api.billing.sandbox[':id'].$get({ param: { id: preapprovalId } })) });
}

export function useSandboxDecision(preapprovalId: string) {
  return useMutation({
    mutationFn: (decision: SandboxDecision) => call(client.api.billing.sandbox[':id'].decision.$post({ param: { id: preapprovalId }, json: { decision } })),
  });
}
