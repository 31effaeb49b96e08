import type { AccountDeletion, Me, ProfileUpdate } from '@atende/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const meQueryKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => api<Me>('/api/me') });
}

/** PATCH /api/me: 'Seus dados'. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api<Me>('/api/me', { method: 'PATCH', json: update }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** DELETE /api/me: the account, for good (confirmed with the password). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: AccountDeletion) => api<void>('/api/me', { method: 'DELETE', json: body }) });
}
