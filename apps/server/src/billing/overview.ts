import { centsToBrl, resolvePlan, testDay, type BillingOverview, type PaymentStatus } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { countAgents } from '../agents/service';
import { profiles } from '../db/schema';
import { messagesUsed, testMessagesUsed, usageOf } from '../usage/quota';
import type { BillingContext } from './context';
import { listPayments, paymentStatusOf } from './payments';
import { currentSubscription } from './subscriptions';

/** 'Meu plano': the plan, its status, usage this month, the current subscription and the payment history. */
export async function getBillingOverview(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  const { db } = ctx;
  const [[profile], current, history, messages, agentsUsed, tests] = await Promise.all([
    db
      .select({ plan: profiles.plan, paymentStatus: profiles.paymentStatus, planUpdatedAt: profiles.planUpdatedAt, createdAt: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    currentSubscription(db, userId),
    listPayments(db, userId),
    messagesUsed(db, userId),
    countAgents(db, userId),
    testMessagesUsed(db, userId, testDay()),
  ]);
  const plan = resolvePlan(profile?.plan);
  const status: PaymentStatus = paymentStatusOf(profile?.paymentStatus);
  const subscriptionPlan = current && resolvePlan(current.plan);
  return {
    plan,
    status,
    // Gratuito starts with the account, or when a paid plan ended.
    startedAt: (profile?.planUpdatedAt ?? (plan.id === 'free' ? profile?.createdAt : null))?.toISOString() ?? null,
    usage: usageOf(plan, { messagesUsed: messages, agentsUsed, testMessagesUsed: tests }),
    subscription:
      current && subscriptionPlan
        ? {
            id: current.id,
            plan: subscriptionPlan.id,
            planName: subscriptionPlan.name,
            status: 'authorized',
            amountBrl: centsToBrl(current.amountCents),
            amountCents: current.amountCents,
            provider: current.provider,
            createdAt: current.createdAt.toISOString(),
          }
        : null,
    payments: history,
    provider: ctx.provider.kind,
  };
}
