import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AVATAR_TYPES, widgetPositions, type BusinessHours } from '@atende/shared';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

/** An agent (docs/product.md §3 "workflows"): its personality and its stable public webhook id. */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(false),
    /** Public id of the chat webhook (/webhook/{id}, /public-chat/{id}); never changes. */
    webhookId: text('webhook_id').notNull().unique(),
    /** Id of the 'WebhookStorage' node (upload-archive-{agentId}). */
    storageWebhookId: text('storage_webhook_id').notNull(),
    systemMessage: text('system_message').notNull(),
    /** The last problem the owner should see on the agent's entry (null when all is well). */
    lastError: text('last_error'),
    /** When the owner last saved a personality of their own (null: still the one it was created with). */
    personalityUpdatedAt: timestamp('personality_updated_at', { withTimezone: true }),
    /**
     * Public web chat limits set by the owner (issue 13, item 5): per visitor 'N messages every M seconds',
     * and per day per visitor and per address. Null: the server's default (config `webChatLimits`).
     */
    webRateMessages: integer('web_rate_messages'),
    webRateSeconds: integer('web_rate_seconds'),
    webDailyPerVisitor: integer('web_daily_per_visitor'),
    webDailyPerIp: integer('web_daily_per_ip'),
    /**
     * Handing a conversation to a person (issue 16); null means the default of packages/shared/src/handoff.ts.
     * The message the agent says when it hands over, after how many unanswered replies in a row it does,
     * how long the team may stay silent before the agent takes the conversation back, the WhatsApp number told of
     * each handoff, and the team's business hours.
     */
    handoffMessage: text('handoff_message'),
    handoffAfterUnanswered: integer('handoff_after_unanswered'),
    handoffTimeoutMinutes: integer('handoff_timeout_minutes'),
    notifyWhatsapp: text('notify_whatsapp'),
    businessHours: jsonb('business_hours').$type<BusinessHours>(),
    /**
     * Bumped in the same transaction as every write to the agent's passages (a trigger, migration 0016): the chat
     * keeps an index of the passages in memory for as long as it is the version a turn reads (ADR 0020).
     */
    knowledgeVersion: integer('knowledge_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_user_created_idx').on(t.userId, sql`${t.createdAt} desc`)],
);

/**
 * How the agent looks to customers ('Aparência'); no row means the defaults. The avatar is an object in the
 * file storage ({userId}/{agentId}/avatar-{uuid}.{ext}), its type checked from its bytes when it was sent.
 */
export const agentAppearance = pgTable('agent_appearance', {
  agentId: text('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  color: text('color').notNull(),
  displayName: text('display_name').notNull().default(''),
  welcomeMessage: text('welcome_message').notNull().default(''),
  suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
  position: text('position', { enum: widgetPositions }).notNull().default('right'),
  avatarKey: text('avatar_key'),
  avatarType: text('avatar_type', { enum: AVATAR_TYPES }),
  updatedAt: updatedAt(),
});
