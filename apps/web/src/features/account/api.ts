import type { Me } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const meQueryKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => api<Me>('/api/me') });
}
