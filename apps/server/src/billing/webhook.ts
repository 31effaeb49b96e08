import { eq } from 'drizzle-orm';
import { webhookEvents } from '../db/schema';
import { applyPreapproval } from './apply-preapproval';
import { recordAuthorizedPayment, recordProviderPayment } from './charges';
import type { BillingContext } from './context';
import { ProviderError } from './provider';

/** What a Mercado Pago notification says happened (the resource itself is always fetched again). */
export interface Notification {
  type: string;
  dataId: string;
  action: string;
}

export type NotificationOutcome = 'processed' | 'duplicate' | 'ignored';

/** A resource fetched from the provider: its state (part of the deduplication key) and how to apply it. */
interface Fetched {
  state: string;
  apply(): Promise<unknown>;
}

async function preapproval(ctx: BillingContext, id: string): Promise<Fetched> {
  const pre = await ctx.provider.getPreapproval(id);
  return { state: pre.status, apply: () => applyPreapproval(ctx, pre) };
}

async function authorizedPayment(ctx: BillingContext, id: string): Promise<Fetched> {
  const ap = await ctx.provider.getAuthorizedPayment(id);
  return { state: `${ap.status ?? ''}/${ap.payment?.status ?? ''}`, apply: () => recordAuthorizedPayment(ctx, ap) };
}

async function payment(ctx: BillingContext, id: string): Promise<Fetched> {
  const p = await ctx.provider.getPayment(id);
  return { state: p.status, apply: () => recordProviderPayment(ctx, p) };
}

const topics: Record<string, (ctx: BillingContext, id: string) => Promise<Fetched>> = {
  subscription_preapproval: preapproval,
  preapproval,
  subscription_authorized_payment: authorizedPayment,
  authorized_payment: authorizedPayment,
  payment,
};

/**
 * Handles one notification — from Mercado Pago's webhook, or in-process from
 * the sandbox checkout: fetch the resource from the provider, deduplicate on
 * (type, data.id, action, the resource's state), apply. Mercado Pago sends
 * action 'updated' for every change of a subscription, so the state is part of
 * the key: a cancellation after an authorization is a new event, a repeated
 * delivery is not. If applying fails the claim is released so the provider's
 * retry gets processed.
 */
export async function handleNotification(ctx: BillingContext, notification: Notification): Promise<NotificationOutcome> {
  const fetchTopic = Object.hasOwn(topics, notification.type) ? topics[notification.type] : undefined;
  if (!fetchTopic) return 'ignored';
  let fetched: Fetched;
  try {
    fetched = await fetchTopic(ctx, notification.dataId);
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) return 'ignored';
    throw err;
  }
  const key = [notification.type, notification.dataId, notification.action, fetched.state].join(':');
  const claimed = await ctx.db.insert(webhookEvents).values({ key, provider: ctx.provider.kind }).onConflictDoNothing().returning();
  if (claimed.length === 0) return 'duplicate';
  try {
    await fetched.apply();
  } catch (err) {
    await ctx.db.delete(webhookEvents).where(eq(webhookEvents.key, key));
    throw err;
  }
  return 'processed';
}
