import type { Conversation } from '@atende/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { call, client } from './api';

/**
 * A conversation's transcript as one infinite query (ADR 0022): the first page is its latest messages, each next page
 * the ones before the first message loaded. A refresh reloads the pages in order from the latest, so what is loaded
 * stays contiguous whatever arrived meanwhile.
 */
export function transcriptQuery(agentId: string, conversationId: string) {
  return {
    queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
      call(
        client.api.agents[':id'].conversations[':conversationId'].$get({
          param: { id: agentId, conversationId },
          query: pageParam === undefined ? {} : { before: pageParam },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: Conversation) => (page.hasMore ? page.messages[0]?.id : undefined),
    select: joinPages,
  };
}

/** The loaded pages as one conversation: the latest page's summary, every loaded message oldest first. */
function joinPages(data: InfiniteData<Conversation, string | undefined>): Conversation {
  const latest = data.pages[0]!;
  return { ...latest, messages: [...data.pages].reverse().flatMap((page) => page.messages), hasMore: data.pages.at(-1)!.hasMore };
}

/** Adds a message the caller just stored to the latest page (the next refresh reads it from the server anyway). */
export function withNewMessage(
  data: InfiniteData<Conversation, string | undefined> | undefined,
  message: Conversation['messages'][number],
  summary: Partial<Conversation>,
): InfiniteData<Conversation, string | undefined> | undefined {
  const latest = data?.pages[0];
  if (!data || !latest || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  return { ...data, pages: [{ ...latest, ...summary, messages: [...latest.messages, message] }, ...data.pages.slice(1)] };
}
