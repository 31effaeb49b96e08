import type { CustomerRef } from '@atende/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';

export const customerKeys = {
  search: (q: string) => ['customers', 'search', q] as const,
  erasures: () => ['customers', 'erasures'] as const,
};

/** The account's conversations with the customer a query names (nothing until there is a query). */
export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: customerKeys.search(q),
    queryFn: () => call(client.api.customers.$get({ query: { q } })),
    enabled: q.length > 0,
    staleTime: 0,
  });
}

export function useErasures() {
  return useQuery({ queryKey: customerKeys.erasures(), queryFn: () => call(client.api.customers.erasures.$get()) });
}

/** Downloads the customer's data as a JSON file. */
export async function downloadCustomer(ref: CustomerRef) {
  const data = await call(client.api.customers.export.$post({ json: ref }));
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `cliente-${ref.customerLabel.replace(/[^0-9A-Za-z]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: CustomerRef) => call(client.api.customers.erase.$post({ json: ref })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
