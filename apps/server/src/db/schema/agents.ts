import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

/** An agent (SPEC §3 "workflows"): its personality and its stable public webhook id. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_user_created_idx').on(t.userId, sql`${t.createdAt} desc`)],
);
