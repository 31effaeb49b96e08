import { eq } from 'drizzle-orm';
import type { HandoffNotices } from '../chat/runtime';
import { handoffSettings } from '../chat/handoff';
import { customerLabel } from '../chat/session-keys';
import type { Db } from '../db/client';
import { agents, conversations, user } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { handoffRequestedMessage } from '../mail/messages';

const CHANNEL_NAMES = { web: 'chat do site', whatsapp: 'WhatsApp', test: 'chat de teste' } as const;

/**
 * Tells the owner that a customer waits for a person (issue 16): by e-mail (SMTP, or the outbox) and, when the agent
 * has a notification number, by a WhatsApp message to it. The inbox itself learns it live from the turn. Sent without
 * waiting: a failure is logged, never the customer's problem.
 */
export function createHandoffNotices(deps: {
  db: Db;
  mail: Mailer;
  publicUrl: string;
  logger: Logger;
  /** Sends a text to the merchant's own WhatsApp number from the agent's business number (channels/whatsapp). */
  notifyWhatsApp?: (agentId: string, number: string, text: string, key: string) => Promise<void>;
}): HandoffNotices {
  const { db, mail, publicUrl } = deps;
  const log = deps.logger.child({ module: 'handoff-notices' });

  async function send(request: Parameters<HandoffNotices['requested']>[0]) {
    const [row] = await db
      .select({ agentName: agents.name, email: user.email, name: user.name, sessionId: conversations.sessionId, customerName: conversations.customerName })
      .from(conversations)
      .innerJoin(agents, eq(agents.id, conversations.agentId))
      .innerJoin(user, eq(user.id, agents.userId))
      .where(eq(conversations.id, request.conversationId));
    if (!row) return;
    const label = customerLabel(request.channel, row.sessionId);
    const customer = row.customerName ? `${row.customerName} (${label})` : label;
    const inboxUrl = `${publicUrl}/dashboard/inbox?conversa=${encodeURIComponent(request.conversationId)}`;
    const channel = CHANNEL_NAMES[request.channel];
    await mail.send(
      handoffRequestedMessage({ to: row.email, name: row.name, agentName: row.agentName, customer, channel, reason: request.reason, lastMessage: request.message, inboxUrl }),
    );
    const { notifyWhatsapp } = await handoffSettings(db, request.agentId);
    if (notifyWhatsapp && deps.notifyWhatsApp) {
      const text = `Atende: ${customer} quer falar com a sua equipe (${channel}, agente “${row.agentName}”). Responda em ${inboxUrl}`;
      await deps.notifyWhatsApp(request.agentId, notifyWhatsapp, text, `handoff:${request.conversationId}:${Date.now()}`);
    }
  }

  return {
    requested(request) {
      void send(request).catch((err: unknown) => log.warn({ err, conversationId: request.conversationId }, 'handoff notice not sent'));
    },
  };
}
