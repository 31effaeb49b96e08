import type { Channel } from '@atende/shared';
import { ChannelUnavailableError, type ChannelAdapter, type OutboundMessage } from './adapter';
import type { LiveFeed } from './live';

/** The conversation a team message goes to, as stored. */
export interface OutboundConversation {
  id: string;
  agentId: string;
  channel: Channel;
  sessionId: string;
}

export interface Outbound {
  /**
   * Delivers a team message to the customer on the conversation's own channel: through the Graph API on WhatsApp,
   * pushed live to the open chat page or widget on the web. `message.id` is the stored message's id (idempotency).
   */
  send(conversation: OutboundConversation, message: { id: string; text: string }): Promise<void>;
}

/** The web channel: the customer's page is open (or will load the message with the history): push it live. */
export function webAdapter(live: LiveFeed): ChannelAdapter & { readonly live: LiveFeed } {
  return {
    channel: 'web',
    live,
    async send(message) {
      // The message is stored: the customer's open page loads it by id (and finds it in the history otherwise).
      await live.publish(message.conversationId, message.id);
    },
  };
}

/** Routes each team message to the adapter of its conversation's channel. */
export function createOutbound(adapters: ChannelAdapter[]): Outbound {
  const byChannel = new Map(adapters.map((a) => [a.channel, a]));
  return {
    async send(conversation, message) {
      const adapter = byChannel.get(conversation.channel);
      if (!adapter) throw new ChannelUnavailableError(conversation.channel, 'no adapter for this channel');
      const outbound: OutboundMessage = {
        id: message.id,
        agentId: conversation.agentId,
        conversationId: conversation.id,
        sessionId: conversation.sessionId,
        text: message.text,
      };
      await adapter.send(outbound);
    },
  };
}
