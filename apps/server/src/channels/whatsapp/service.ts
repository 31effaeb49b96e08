import { inArray } from 'drizzle-orm';
import type { ChatRuntime } from '../../chat/runtime';
import type { Config } from '../../config';
import { whatsappMessages } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { createGraphClient } from './graph-client';
import type { InboundMessage } from './payload';
import { SecretBox } from '../core/credential-box';
import { createWhatsAppWorker, INBOUND_WORKERS, WHATSAPP_INBOUND, WHATSAPP_SEND, type InboundJob, type SendJob } from './worker';

export { whatsappQueues } from './worker';

/**
 * The WhatsApp channel as a service: the Graph API client, the secret box for
 * stored credentials, intake of webhook messages and the background workers.
 */
export function createWhatsApp(deps: { config: Config; jobs: JobQueue; runtime: ChatRuntime }) {
  const { jobs, runtime } = deps;
  const { db } = runtime;
  const secrets = new SecretBox(deps.config.encryption.secret);
  const graph = createGraphClient({ baseUrl: deps.config.whatsapp.graphUrl, version: deps.config.whatsapp.graphVersion });
  const worker = createWhatsAppWorker({ jobs, graph, secrets, runtime });

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

  async function startWorkers() {
    for (let i = 0; i < INBOUND_WORKERS; i++) await jobs.work<InboundJob>(WHATSAPP_INBOUND, worker.handleInbound);
    await jobs.work<SendJob>(WHATSAPP_SEND, worker.handleSend);
  }

  return { secrets, graph, accept, startWorkers };
}

export type WhatsApp = ReturnType<typeof createWhatsApp>;
