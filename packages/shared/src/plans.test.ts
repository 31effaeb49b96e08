import { describe, expect, it } from 'vitest';
import { plans, resolvePlan } from './plans';

describe('plan table (docs/product.md §9)', () => {
  it('has the four plans with their prices and limits', () => {
    expect(plans.free).toMatchObject({ name: 'Gratuito', priceBrl: 0, maxAgents: 1, monthlyMessages: 100 });
    expect(plans.essencial).toMatchObject({ name: 'Essencial', priceBrl: 149, maxAgents: 2, monthlyMessages: 1000, popular: true });
    expect(plans.pro).toMatchObject({ name: 'Pro', priceBrl: 289, maxAgents: 5, monthlyMessages: 6000 });
    expect(plans.enterprise).toMatchObject({ name: 'Enterprise', priceBrl: null, maxAgents: null, monthlyMessages: null });
  });
  it('resolves names case-insensitively and falls back to free', () => {
    expect(resolvePlan('PRO').id).toBe('pro');
    expect(resolvePlan(' essencial ').id).toBe('essencial');
    expect(resolvePlan('platinum').id).toBe('free');
    expect(resolvePlan(undefined).id).toBe('free');
    expect(resolvePlan(42).id).toBe('free');
  });
});
