import { HANDOFF_TIMEOUT_MESSAGE, type Channel, type ConversationState, type InboxConversation } from '@atende/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { appendAssistantMessage, lastMessageRole, toSummary } from '../chat/conversations';
import {
  close,
  expireHandoffs,
  lastCustomerMessageAt,
  markRead,
  notifyInbox,
  release,
  storeTeamMessage,
  takeOver,
  type ConversationRow,
} from '../chat/handoff';
import type { Outbound } from '../channels/core';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';
import { agents, conversations, whatsappSends } from '../db/schema';
import { AppError } from '../lib/errors';
import type { Logger } from '../logger';

/** WhatsApp's customer-service window: free text only within 24 hours of the customer's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface InboxDeps {
  db: Db;
  notifier: Notifier;
  outbound: Outbound;
  logger: Logger;
}

export interface InboxFilters {
  agentId?: string;
  channel?: Channel;
  state?: ConversationState;
}

/**
 * The team's side of the conversations (issue 16, docs/product.md §10): the account-wide list, taking over, replying
 * on the conversation's own channel, handing back, and the agent taking back what the team left unanswered.
 */
export function createInbox(deps: InboxDeps) {
  const { db, notifier, outbound } = deps;
  const log = deps.logger.child({ module: 'inbox' });

  const tell = (row: Pick<ConversationRow, 'id' | 'userId' | 'agentId'>, kind: 'message' | 'state' | 'read') =>
    notifyInbox(notifier, { userId: row.userId, agentId: row.agentId, conversationId: row.id, kind }).catch((err: unknown) =>
      log.warn({ err }, 'inbox not notified'),
    );

  /**
   * Every customer conversation of the account's agents, newest first (the test chat is not a customer's), with who
   * wrote its last message (a customer's text is previewed as written) and whether the last message we sent on
   * WhatsApp was not delivered. Each is one index probe per row (messages_conversation_idx, whatsapp_sends_conversation_idx).
   */
  async function list(userId: string, filters: InboxFilters = {}): Promise<InboxConversation[]> {
    const rows = await db
      .select({
        conversation: conversations,
        agentName: agents.name,
        lastMessageRole,
        undelivered: sql<boolean>`coalesce((select ${whatsappSends.status} = 'failed' from ${whatsappSends} where ${whatsappSends.conversationId} = ${conversations.id} order by ${whatsappSends.createdAt} desc limit 1), false)`,
      })
      .from(conversations)
      .innerJoin(agents, eq(agents.id, conversations.agentId))
      .where(
        and(
          eq(conversations.userId, userId),
          ne(conversations.channel, 'test'),
          filters.agentId ? eq(conversations.agentId, filters.agentId) : undefined,
          filters.channel ? eq(conversations.channel, filters.channel) : undefined,
          filters.state ? eq(conversations.state, filters.state) : undefined,
        ),
      )
      .orderBy(desc(conversations.lastMessageAt))
      .limit(200);
    return rows.map(({ conversation, agentName, lastMessageRole, undelivered }) => ({
      ...toSummary(conversation),
      agentId: conversation.agentId,
      agentName,
      lastMessageRole,
      undelivered,
    }));
  }

  async function takeOverConversation(agentId: string, conversationId: string) {
    const row = await takeOver(db, agentId, conversationId);
    await tell(row, 'state');
    return row;
  }

  async function releaseConversation(agentId: string, conversationId: string) {
    const row = await release(db, agentId, conversationId);
    await tell(row, 'state');
    return row;
  }

  async function closeConversation(agentId: string, conversationId: string) {
    const row = await close(db, agentId, conversationId);
    await tell(row, 'state');
    return row;
  }

  async function read(agentId: string, conversationId: string) {
    const row = await markRead(db, agentId, conversationId);
    await tell(row, 'read');
    return row;
  }

  /**
   * Stores the team's message with the change of hands (one transaction), then hands it to the conversation's
   * channel keyed by its id. On WhatsApp, outside the 24-hour window, nothing is stored and the owner is told why.
   */
  async function reply(agentId: string, conversationId: string, text: string) {
    const { conversation, message } = await storeTeamMessage(db, agentId, conversationId, text, async (c, tx) => {
      if (c.channel !== 'whatsapp') return;
      const last = await lastCustomerMessageAt(tx, c.id);
      if (!last || Date.now() - last.getTime() > WHATSAPP_WINDOW_MS) {
        throw new AppError('OUTSIDE_CUSTOMER_WINDOW', 'Outside the 24-hour customer service window', {
          userMessage:
            'Já se passaram mais de 24 horas desde a última mensagem deste cliente. Pelo WhatsApp, fora dessa janela só é possível enviar um modelo de mensagem aprovado pela Meta, não uma mensagem livre. Quando o cliente escrever de novo, você pode responder.',
        });
      }
    });
    await tell(conversation, 'message');
    await outbound.send(conversation, { id: message.id, text });
    return { conversation, message: { id: message.id, role: 'team' as const, content: text, createdAt: message.createdAt.toISOString() } };
  }

  /**
   * The agent takes back waiting or human conversations whose team stayed silent for the agent's timeout, and says
   * so to the customer on the conversation's channel. Run by the sweeper (every minute, on any instance).
   */
  async function expire(now = new Date()): Promise<number> {
    const expired = await expireHandoffs(db, now);
    for (const c of expired) {
      try {
        const { id } = await appendAssistantMessage(db, c.id, HANDOFF_TIMEOUT_MESSAGE, 'notice');
        await tell(c, 'state');
        await outbound.send(c, { id, text: HANDOFF_TIMEOUT_MESSAGE });
      } catch (err) {
        log.error({ err, conversationId: c.id }, 'handoff timeout notice not delivered');
      }
    }
    if (expired.length) log.info({ count: expired.length }, 'conversations taken back by their agents after the team timeout');
    return expired.length;
  }

  return { list, takeOver: takeOverConversation, release: releaseConversation, close: closeConversation, read, reply, expire };
}

export type Inbox = ReturnType<typeof createInbox>;
