import { WHATSAPP_TEXT_MAX } from '@atende/shared';
import { inArray } from 'drizzle-orm';
import type { ChatRuntime } from '../../chat/runtime';
import type { Config } from '../../config';
import { whatsappMessages } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { createDeliveries } from './delivery';
import { createGraphClient } from './graph-client';
import type { InboundMessage, Sender } from './payload';
import { type ChannelAdapter, CredentialBox, splitMessage } from '../core';
import { toWhatsAppText } from './text';
import { createWhatsAppWorker, INBOUND_WORKERS, WHATSAPP_INBOUND, WHATSAPP_SEND, type InboundJob, type SendJob } from './worker';

export { whatsappQueues } from './worker';

/**
 * The WhatsApp channel as a service: the Graph API client, the secret box for
 * stored credentials, intake of webhook messages and the background workers.
 */
export function createWhatsApp(deps: { config: Config; jobs: JobQueue; runtime: ChatRuntime }) {
  const { jobs, runtime } = deps;
  const { db } = runtime;
  const secrets = new CredentialBox(deps.config.encryption.secret, 'whatsapp');
  const graph = createGraphClient({ baseUrl: deps.config.whatsapp.graphUrl, version: deps.config.whatsapp.graphVersion });
  const deliveries = createDeliveries({ db, notifier: runtime.notifier });
  const worker = createWhatsAppWorker({ jobs, graph, secrets, runtime, deliveries });

  /**
   * Records each message id once (ON CONFLICT DO NOTHING) and enqueues a job
   * only for ids not seen before: a redelivered message, even 20 times at once,
   * is answered once. If enqueuing fails the ids are released and the error
   * thrown, so the webhook answers 500 and Meta delivers them again.
   */
  async function accept(agentId: string, messages: InboundMessage[]): Promise<number> {
    const unique = [...new Map(messages.filter((m) => m.content.kind !== 'ignored').map((m) => [m.id, m])).values()];
    if (unique.length === 0) return 0;
    const inserted = await db
      .insert(whatsappMessages)
      .values(unique.map((m) => ({ messageId: m.id, agentId })))
      .onConflictDoNothing()
      .returning({ id: whatsappMessages.messageId });
    const fresh = new Set(inserted.map((r) => r.id));
    const pending = unique.filter((m) => fresh.has(m.id));
    for (const [i, message] of pending.entries()) {
      try {
        await jobs.send<InboundJob>(WHATSAPP_INBOUND, { agentId, message }, { key: message.id });
      } catch (err) {
        await db.delete(whatsappMessages).where(inArray(whatsappMessages.messageId, pending.slice(i).map((m) => m.id)));
        throw err;
      }
    }
    return pending.length;
  }

  /**
   * The channel's adapter (channels/core): a team message is queued as a send job keyed by its id (a second
   * hand-over while it waits is dropped); the send queue delivers it part by part with the same retries and error handling
   * as the agent's answers (a refused token flags the configuration; outside the 24-hour customer-service window
   * the Graph API refuses it and it is logged as such).
   */
  const adapter: ChannelAdapter = {
    channel: 'whatsapp',
    async send(message) {
      const parts = splitMessage(toWhatsAppText(message.text), WHATSAPP_TEXT_MAX);
      const job: SendJob = {
        agentId: message.agentId,
        messageId: message.id,
        to: recipientOf(message.sessionId),
        parts,
        index: 0,
        conversationId: message.conversationId,
        messageIds: [message.id],
      };
      await jobs.send<SendJob>(WHATSAPP_SEND, job, { key: message.id });
    },
  };

  /**
   * A notice to the merchant's own WhatsApp number (a customer waits for the team, issue 16), sent from the agent's
   * business number through the send queue, keyed by `key`. Meta delivers free text only within 24 hours of the
   * merchant's last message to that business number; otherwise it is refused and logged (the e-mail still goes).
   */
  async function notifyNumber(agentId: string, number: string, text: string, key: string) {
    const parts = splitMessage(toWhatsAppText(text), WHATSAPP_TEXT_MAX);
    await jobs.send<SendJob>(WHATSAPP_SEND, { agentId, messageId: key, to: { kind: 'wa_id', id: number }, parts, index: 0 }, { key });
  }

  async function startWorkers() {
    for (let i = 0; i < INBOUND_WORKERS; i++) await jobs.work<InboundJob>(WHATSAPP_INBOUND, worker.handleInbound);
    await jobs.work<SendJob>(WHATSAPP_SEND, worker.handleSend);
  }

  return { secrets, graph, accept, deliveries, adapter, notifyNumber, startWorkers };
}

export type WhatsApp = ReturnType<typeof createWhatsApp>;

/**
 * The customer of a WhatsApp conversation, from its session key (the sender's id): a phone number (wa_id) is all
 * digits; anything else is a business-scoped user id (sent as `recipient`).
 */
export function recipientOf(sessionId: string): Sender {
  return /^\d+$/.test(sessionId) ? { kind: 'wa_id', id: sessionId } : { kind: 'user_id', id: sessionId };
}
