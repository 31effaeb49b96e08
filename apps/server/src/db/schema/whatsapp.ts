import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { conversations } from './chat';
import { userIdColumn, agentIdColumn } from './refs';
import { createdAt, updatedAt } from './columns';

/** docs/product.md §3 whatsapp_config: one per agent. Secrets are stored encrypted (AES-256-GCM). */
export const whatsappConfigs = pgTable('whatsapp_configs', {
  agentId: text('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  userId: userIdColumn(),
  phoneNumberId: text('phone_number_id').notNull(),
  metaTokenEncrypted: text('meta_token_encrypted').notNull(),
  appSecretEncrypted: text('app_secret_encrypted'),
  /** The hub.verify_token for the webhook handshake (random, per agent). */
  verifyToken: text('verify_token').notNull(),
  displayPhoneNumber: text('display_phone_number'),
  status: text('status'),
  qualityRating: text('quality_rating'),
  /** Set when the Graph API refuses the token or the number (shown on the agent). */
  lastError: text('last_error'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Inbound WhatsApp messages by their id (wamid): a redelivered message is never answered twice. */
export const whatsappMessages = pgTable('whatsapp_messages', {
  messageId: text('message_id').primaryKey(),
  agentId: agentIdColumn(),
  /** received → sending (one attempt claimed delivery) → answered | failed; or ignored */
  status: text('status').notNull().default('received'),
  error: text('error'),
  receivedAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every message we send on WhatsApp (the agent's answers, the team's replies, notices), one row per part the Graph
 * API accepted, by the id it returned (wamid), and the parts it refused at once (no wamid). Meta's later `statuses`
 * move `status` forward (sent → delivered → read); `failed` is final: a later or repeated sent/delivered of the same
 * wamid never undoes it. A status counts only for the agent and phone number id that sent the message. ADR 0007.
 */
export const whatsappSends = pgTable(
  'whatsapp_sends',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** The Graph API's message id; null for a part it refused when we sent it. */
    wamid: text('wamid'),
    agentId: agentIdColumn(),
    /** The business number that sent it: only statuses notified for that number apply. */
    phoneNumberId: text('phone_number_id').notNull(),
    /** The customer's conversation; null for a notice to the owner's own number (or a failure Meta told before we stored the send). */
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    /** The stored messages (messages.id) this part carries: an answer, and the handoff notice sent with it. */
    messageIds: text('message_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** sent | delivered | read | failed */
    status: text('status').notNull().default('sent'),
    /** Meta's error code of a failure (131047, 131026…). */
    errorCode: integer('error_code'),
    /** Why, in pt-BR, as the merchant reads it (channels/whatsapp/delivery.ts). */
    errorReason: text('error_reason'),
    /** Meta's own words (title and details), for support. */
    errorDetail: text('error_detail'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_sends_wamid_uq').on(t.wamid),
    /** A conversation's sends, newest first: its failures for the transcript, its latest for the inbox's mark. */
    index('whatsapp_sends_conversation_idx').on(t.conversationId, sql`${t.createdAt} desc`),
  ],
);
