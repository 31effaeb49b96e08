import { testDay } from '@atende/shared';
import { eq } from 'drizzle-orm';
import type { HandoffNotices } from '../chat/runtime';
import { handoffSettings } from '../chat/handoff';
import { customerLabel } from '../chat/session-keys';
import type { Db } from '../db/client';
import { agents, conversations, user } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { handoffRequestedMessage } from '../mail/messages';
import { countForAgent } from '../usage/web-chat-limits';

const CHANNEL_NAMES = { web: 'chat do site', whatsapp: 'WhatsApp', test: 'chat de teste' } as const;

/**
 * Notices an agent sends per clock hour. Anyone may open a public chat and ask for a person, so without a cap one
 * address, with a new session each time, sent the owner an e-mail (and a WhatsApp message) per request; the last
 * notice of the hour says so, and the customers who ask after it wait in Atendimentos, which shows every one of them.
 */
export const HANDOFF_NOTICES_PER_HOUR = 5;

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
    // In the database, so the cap holds across instances.
    const now = new Date();
    const sent = await countForAgent(db, request.agentId, testDay(now), `handoff-notices:${now.getUTCHours()}`);
    if (sent > HANDOFF_NOTICES_PER_HOUR) {
      log.debug({ agentId: request.agentId }, 'handoff notice not sent: the hour has had its notices');
      return;
    }
    const lastOfHour = sent === HANDOFF_NOTICES_PER_HOUR;
    const label = customerLabel(request.channel, row.sessionId);
    const customer = row.customerName ? `${row.customerName} (${label})` : label;
    const inboxUrl = `${publicUrl}/dashboard/inbox?conversa=${encodeURIComponent(request.conversationId)}`;
    const channel = CHANNEL_NAMES[request.channel];
    await mail.send(
      handoffRequestedMessage({ to: row.email, name: row.name, agentName: row.agentName, customer, channel, reason: request.reason, lastMessage: request.message, inboxUrl, lastOfHour }),
    );
    const { notifyWhatsapp } = await handoffSettings(db, request.agentId);
    if (notifyWhatsapp && deps.notifyWhatsApp) {
      const more = lastOfHour ? ' Último aviso desta hora: os próximos pedidos aparecem só em Atendimentos.' : '';
      const text = `Atende: ${customer} quer falar com a sua equipe (${channel}, agente “${row.agentName}”). Responda em ${inboxUrl}${more}`;
      await deps.notifyWhatsApp(request.agentId, notifyWhatsapp, text, `handoff:${request.conversationId}:${Date.now()}`);
    }
  }

  return {
    requested(request) {
      return send(request).catch((err: unknown) => log.warn({ err, conversationId: request.conversationId }, 'handoff notice not sent'));
    },
  };
}
