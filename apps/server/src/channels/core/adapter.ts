import type { Channel } from '@atende/shared';

/**
 * A message the team (the shop owner, from the inbox) sends to a customer on the conversation's channel.
 * `id` is the stored message's id: adapters key their delivery work by it (the caller stores the message and
 * hands it over once; a second hand-over while the first is still queued is dropped).
 */
export interface OutboundMessage {
  id: string;
  agentId: string;
  conversationId: string;
  /** The conversation's stored session key: the customer's number on WhatsApp, the hashed key on the web. */
  sessionId: string;
  /** Markdown, as the agent writes; each channel converts it to its own markup. */
  text: string;
}

/**
 * What a messaging channel plugs into the core: how a message reaches a customer there. Inbound work (webhook,
 * signature, parsing) stays in the channel's own folder and runs turns through chat/; the core gives it the
 * shared pieces (credential box, per-conversation lock, text splitting) and routes outbound messages here.
 */
export interface ChannelAdapter {
  readonly channel: Channel;
  /**
   * Hands the message over for delivery and returns once it is durably queued or delivered. Throws a
   * ChannelUnavailableError when the channel cannot deliver at all (not configured,
   * agent inactive).
   */
  send(message: OutboundMessage): Promise<void>;
}

/** The channel cannot take a message for this agent now (not configured, deactivated, credentials unreadable). */
export class ChannelUnavailableError extends Error {
  constructor(
    readonly channel: Channel,
    readonly reason: string,
  ) {
    super(`${channel}: ${reason}`);
    this.name = 'ChannelUnavailableError';
  }
}
