import { text } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { user } from './auth';

/** The owning account of a row; the row goes when the account goes. */
export const userIdColumn = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** The agent a row belongs to; the row goes when the agent goes. */
export const agentIdColumn = () =>
  text('agent_id')
    .notNull()
    .references(() => agents.id, { onDelete: 'cascade' });
