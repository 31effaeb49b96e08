import { describe, expect, it } from 'vitest';
import { createSubscriptionSchema, formatBrl, normalizeSubscriptionStatus, purchasablePlanIds } from './billing';
import { plans } from './plans';

describe('billing contracts', () => {
  it('sells exactly the paid plans with a price', () => {
    expect(purchasablePlanIds).toEqual(['essencial', 'pro']);
    for (const id of purchasablePlanIds) expect(plans[id].priceBrl).toBeGreaterThan(0);
  });

  it('accepts a purchasable plan in any case and refuses the rest', () => {
    expect(createSubscriptionSchema.parse({ plan: ' Essencial ' })).toEqual({ plan: 'essencial' });
    expect(createSubscriptionSchema.parse({ plan: 'PRO' })).toEqual({ plan: 'pro' });
    for (const plan of ['free', 'enterprise', 'gratuito', '', 42]) expect(createSubscriptionSchema.safeParse({ plan }).success).toBe(false);
  });

  it("normalises provider statuses ('canceled' is 'cancelled')", () => {
    expect(normalizeSubscriptionStatus('canceled')).toBe('cancelled');
    expect(normalizeSubscriptionStatus('CANCELLED')).toBe('cancelled');
    expect(normalizeSubscriptionStatus('authorized')).toBe('authorized');
    expect(normalizeSubscriptionStatus('whatever')).toBeNull();
    expect(normalizeSubscriptionStatus(undefined)).toBeNull();
  });

  it('formats prices in reais', () => {
    expect(formatBrl(149)).toBe('R$ 149,00');
    expect(formatBrl(1289.5)).toBe('R$ 1.289,50');
  });
});
