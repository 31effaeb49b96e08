import { isPlanId, type PlanId } from '@atende/shared';

/** What a preapproval's external_reference ties together: the account, the plan bought and our subscription row. */
export interface ExternalReference {
  userId: string;
  plan: PlanId;
  subscriptionId: string;
}

export function formatExternalReference(ref: ExternalReference): string {
  return `${ref.userId}:${ref.plan}:${ref.subscriptionId}`;
}

/** `{userId}:{plan}:{subscriptionId}`, or null for anything else (fails closed). */
export function parseExternalReference(value: unknown): ExternalReference | null {
  if (typeof value !== 'string') return null;
  const parts = value.split(':');
  if (parts.length !== 3) return null;
  const [userId, plan, subscriptionId] = parts as [string, string, string];
  if (!userId || !subscriptionId || !isPlanId(plan)) return null;
  return { userId, plan, subscriptionId };
}
