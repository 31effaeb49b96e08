import type { Channel, MessageDelivery } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { call, client } from './api';

/** The query key of a conversation's delivery states, under the caller's query key of the conversation (`key`). */
export const deliveriesKey = (key: readonly unknown[]) => [...key, 'deliveries'] as const;

/**
 * How far each of our messages in a WhatsApp conversation got ('Entregue', 'Lida', 'Não entregue'), by message id.
 * Keyed under the caller's query key of the conversation (`key`), so whatever refreshes the transcript (the live
 * stream of the account's conversations) refreshes them too; a `receipt` event refreshes only them. Nothing is asked
 * for a web conversation.
 */
export function useDeliveries(agentId: string | undefined, conversationId: string, channel: Channel | undefined, key: readonly unknown[]) {
  const query = useQuery({
    queryKey: deliveriesKey(key),
    queryFn: async () =>
      (await call(client.api.agents[':id'].conversations[':conversationId'].deliveries.$get({ param: { id: agentId ?? '', conversationId } })))
        .messages,
    enabled: Boolean(agentId) && channel === 'whatsapp',
  });
  return new Map<string, MessageDelivery>((query.data ?? []).map((m) => [m.messageId, m]));
}
