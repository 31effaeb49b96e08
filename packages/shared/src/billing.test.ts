import { describe, expect, it } from 'vitest';
import { centsToBrl, createSubscriptionSchema, formatBrl, formatCents, normalizeSubscriptionStatus, purchasablePlanIds, toCents } from './billing';
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

  it('keeps money in exact centavos: decimal amounts round to the nearest centavo, never truncate', () => {
    // 12.34 * 100 and 0.29 * 100 are 1233.9999999999998 and 28.999999999999996 in floating point.
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(149)).toBe(14900);
    expect(toCents(1289.5)).toBe(128950);
    expect(centsToBrl(1234)).toBe(12.34);
    expect(formatCents(1234)).toBe('R$ 12,34');
    expect(formatCents(7)).toBe('R$ 0,07');
    expect(formatCents(128950)).toBe('R$ 1.289,50');
  });
});
