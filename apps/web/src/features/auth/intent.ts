import { safeReturnTo } from '@atende/shared';
import type { Location } from 'react-router';

/** Where the user is headed after auth: navigation state first (docs/product.md §2), then the query string. */
export interface AuthIntent {
  plan?: string;
  returnTo?: string;
}

export function readIntent(location: Location): AuthIntent {
  const state = (location.state ?? {}) as Record<string, unknown>;
  const query = new URLSearchParams(location.search);
  const plan = typeof state.plan === 'string' ? state.plan : (query.get('plan') ?? undefined);
  const rawReturn = typeof state.returnTo === 'string' ? state.returnTo : query.get('returnTo');
  return {
    plan: plan || undefined,
    returnTo: rawReturn ? safeReturnTo(rawReturn) : undefined,
  };
}

/** A query string carrying the intent, so it survives a reload. */
export function intentQuery(intent: AuthIntent): string {
  const q = new URLSearchParams();
  if (intent.plan) q.set('plan', intent.plan);
  if (intent.returnTo) q.set('returnTo', intent.returnTo);
  const s = q.toString();
  return s ? `?${s}` : '';
}
