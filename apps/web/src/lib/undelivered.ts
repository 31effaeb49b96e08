import type { Channel, UndeliveredMessage } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { call, client } from './api';

/**
 * The messages of a WhatsApp conversation that WhatsApp could not deliver ('Não entregue'), by message id. Keyed under
 * the caller's query key of the conversation (`key`), so whatever refreshes the transcript (the inbox's live stream)
 * refreshes them too. Nothing is asked for a web conversation.
 */
export function useUndelivered(agentId: string | undefined, conversationId: string, channel: Channel | undefined, key: readonly unknown[]) {
  const query = useQuery({
    queryKey: [...key, 'undelivered'],
    queryFn: async () =>
      (await call(client.api.agents[':id'].conversations[':conversationId'].undelivered.$get({ param: { id: agentId ?? '', conversationId } })))
        .messages,
    enabled: Boolean(agentId) && channel === 'whatsapp',
  });
  return new Map<string, UndeliveredMessage>((query.data ?? []).map((m) => [m.messageId, m]));
}
