import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './agents';
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
