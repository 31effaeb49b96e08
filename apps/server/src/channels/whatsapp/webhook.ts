import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from '../../http/body-limit';
import type { Db } from '../../db/client';
import { agents, whatsappConfigs } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/json-text';
import { AppError } from '../../lib/errors';
import { configurationProblem, verificationErrors } from './messages';
import { parseNotification } from './payload';
import { safeEqual } from '../core';
import type { WhatsApp } from './service';
import { isValidSignature } from './signature';

/** Meta batches up to 1,000 updates and 3 MB in one notification. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const unknownWebhook = () =>
  new AppError('NOT_FOUND', 'WhatsApp webhook not found', { userMessage: 'Webhook do WhatsApp não encontrado.' });

/**
 * The WhatsApp webhook (the callback URL of the merchant's Meta app):
 * GET answers the subscription handshake; POST verifies the signature, records
 * each message id once, queues the work and answers 200 at once.
 */
export function whatsappWebhookRoutes(deps: { db: Db; whatsapp: WhatsApp }) {
  const { db, whatsapp } = deps;
  const app = new Hono<AppEnv>();

  async function findWebhook(webhookId: string) {
    const [row] = await db
      .select({
        agentId: agents.id,
        active: agents.active,
        config: {
          phoneNumberId: whatsappConfigs.phoneNumberId,
          verifyToken: whatsappConfigs.verifyToken,
          appSecretEncrypted: whatsappConfigs.appSecretEncrypted,
        },
      })
      .from(agents)
      .leftJoin(whatsappConfigs, eq(whatsappConfigs.agentId, agents.id))
      .where(eq(agents.webhookId, webhookId));
    return row;
  }

  async function flagMissingAppSecret(agentId: string) {
    await db
      .update(whatsappConfigs)
      .set({ lastError: configurationProblem(verificationErrors.appSecretMissing) })
      .where(and(eq(whatsappConfigs.agentId, agentId), isNull(whatsappConfigs.appSecretEncrypted)));
  }

  app.get('/chat/:webhookId', async (c) => {
    const found = await findWebhook(c.req.param('webhookId'));
    if (!found) throw unknownWebhook();
    // Before the credentials are saved the agent's derived token is valid, so Meta can be set up in either order.
    const expected = found.config?.verifyToken ?? whatsapp.secrets.verifyTokenFor(found.agentId);
    const challenge = c.req.query('hub.challenge');
    const token = c.req.query('hub.verify_token') ?? '';
    c.header('Cache-Control', 'no-store');
    if (c.req.query('hub.mode') === 'subscribe' && challenge && safeEqual(token, expected)) return c.text(challenge, 200);
    return c.text('Forbidden', 403);
  });

  app.post(
    '/chat/:webhookId',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'WhatsApp notification too large');
      },
    }),
    async (c) => {
      const found = await findWebhook(c.req.param('webhookId'));
      if (!found?.config) throw unknownWebhook();
      const { config, agentId } = found;
      const log = c.get('logger').child({ module: 'whatsapp', agentId });
      const raw = new Uint8Array(await c.req.arrayBuffer());

      // Every notification must carry Meta's signature; a configuration saved before the app secret was
      // required cannot check it, so it receives nothing until the merchant adds the secret (the agent says why).
      if (!config.appSecretEncrypted) {
        log.warn('WhatsApp notification refused: no app secret to check its signature');
        await flagMissingAppSecret(agentId);
        throw new AppError('UNAUTHENTICATED', 'No app secret configured to check X-Hub-Signature-256', { userMessage: 'Assinatura inválida.' });
      }
      const appSecret = readAppSecret(whatsapp, config.appSecretEncrypted, agentId);
      if (!isValidSignature(raw, c.req.header('x-hub-signature-256'), appSecret)) {
        log.warn('WhatsApp notification with a missing or wrong signature rejected');
        throw new AppError('UNAUTHENTICATED', 'Invalid X-Hub-Signature-256', { userMessage: 'Assinatura inválida.' });
      }
      let payload: unknown;
      try {
        payload = parseJson(new TextDecoder().decode(raw));
      } catch {
        throw new AppError('VALIDATION_FAILED', 'Notification body is not JSON');
      }
      if (!found.active) {
        log.info('WhatsApp notification for an inactive agent acknowledged and ignored');
        return c.text('EVENT_RECEIVED', 200);
      }
      const parsed = parseNotification(payload, config.phoneNumberId);
      const queued = await whatsapp.accept(agentId, parsed.messages);
      // What became of our messages: only this agent's sends from this phone number id (parseNotification left out
      // changes for any other number). A failure marks the message 'Não entregue' for the merchant.
      const changed = await whatsapp.deliveries.applyStatuses(agentId, config.phoneNumberId, parsed.updates);
      log.debug({ messages: parsed.messages.length, queued, statuses: parsed.statuses, changed, foreign: parsed.foreign }, 'WhatsApp notification');
      // A reply Meta accepted and then failed to deliver (131047, 131026…) or a change it could not process: no
      // answer is owed, but it must not pass unseen.
      if (parsed.problems.length > 0) log.warn({ problems: parsed.problems }, 'WhatsApp reported failed deliveries or errors');
      return c.text('EVENT_RECEIVED', 200);
    },
  );

  return app;
}

function readAppSecret(whatsapp: WhatsApp, stored: string, agentId: string): string {
  try {
    return whatsapp.secrets.decrypt(stored, agentId);
  } catch (err) {
    // Unreadable (ENCRYPTION_KEY changed): refuse with a retryable status until the merchant saves it again.
    throw new AppError('SERVICE_UNAVAILABLE', 'Stored app secret cannot be decrypted', { cause: err });
  }
}
