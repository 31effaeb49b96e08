import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappMessages, whatsappSends } from '../../db/schema';

/**
 * What the WhatsApp channel keeps only as long as it is needed (run hourly by the workers' sweep, services.ts). A wamid holds
 * the customer's phone number (Meta's ids are base64 with the number inside), so ledgers that no conversation holds are
 * not kept for ever: a conversation's erasure (LGPD) cannot reach them.
 * - A send no conversation holds (a notice to the owner's own number; a `failed` status Meta told before our write of
 *   the send landed, or for a message sent by another tool on the same number): a day, far longer than that race.
 * - The ledger of customers' messages received (whatsapp_messages: a message Meta notifies twice is answered once):
 *   30 days once settled; Meta retries a notification for up to 7 days.
 */
const UNLINKED_SENDS = sql`now() - interval '1 day'`;
const RECEIVED_MESSAGES = sql`now() - interval '30 days'`;

export async function pruneWhatsApp(db: Db): Promise<void> {
  await db.delete(whatsappSends).where(and(isNull(whatsappSends.conversationId), lt(whatsappSends.createdAt, UNLINKED_SENDS)));
  await db
    .delete(whatsappMessages)
    .where(and(inArray(whatsappMessages.status, ['answered', 'failed', 'ignored']), lt(whatsappMessages.receivedAt, RECEIVED_MESSAGES)));
}
