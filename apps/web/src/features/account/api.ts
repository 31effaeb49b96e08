import type { AccountDeletion, ProfileUpdate } from '@atende/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '../../lib/api';
import { authClient } from '../auth';

export const meQueryKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => call(client.api.me.$get()) });
}

/**
 * PATCH /api/me: 'Seus dados'. The session's user (the sidebar's badge, read from Better Auth's `useSession`) is
 * asked again too: the change went through our API, not Better Auth's, so its session store does not know.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => call(client.api.me.$patch({ json: update })),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      authClient.$store.notify('$sessionSignal');
    },
  });
}

/** DELETE /api/me: the account, for good (confirmed with the password). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: AccountDeletion) => call(client.api.me.$delete({ json: body })) });
}
