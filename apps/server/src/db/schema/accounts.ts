import { pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

/**
 * One row per account (id = auth user id, SPEC §3 "profiles"). Holds the
 * merchant's business data and the account-level plan.
 */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name'),
  company: text('company'),
  phone: text('phone'),
  plan: text('plan').notNull().default('free'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
