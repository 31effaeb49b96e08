import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

/**
 * One row per account (id = auth user id, docs/product.md §3 "profiles"). Holds the
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
  /** docs/product.md §4 plan status: pending (default), approved, rejected, refunded. */
  paymentStatus: text('payment_status').notNull().default('pending'),
  planUpdatedAt: timestamp('plan_updated_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
