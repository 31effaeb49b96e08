import { describe, expect, it } from 'vitest';
import { formatExternalReference, parseExternalReference } from './external-reference';
import type { Preapproval } from './provider';
import { verifyPreapproval, type SubscriptionRow } from './verify-preapproval';

const row: SubscriptionRow = {
  id: 'sub-1',
  userId: 'user-a',
  email: 'maria@example.com',
  plan: 'essencial',
  provider: 'mercadopago',
  preapprovalId: 'pre-1',
  externalReference: 'user-a:essencial:sub-1',
  status: 'pending',
  amountCents: 14900,
  amountBrl: 149,
  initPoint: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};

const preapproval = (changes: Partial<Preapproval> = {}): Preapproval => ({
  id: 'pre-1',
  status: 'authorized',
  external_reference: 'user-a:essencial:sub-1',
  auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 149, currency_id: 'BRL' },
  ...changes,
});

describe('external reference', () => {
  it('round-trips user, plan and subscription', () => {
    const ref = { userId: 'user-a', plan: 'pro' as const, subscriptionId: 'sub-9' };
    expect(formatExternalReference(ref)).toBe('user-a:pro:sub-9');
    expect(parseExternalReference('user-a:pro:sub-9')).toEqual(ref);
  });

  it('fails closed on anything else', () => {
    for (const value of ['user-a:pro', 'user-a:ouro:sub-9', ':pro:sub-9', 'user-a:pro:', 'a:b:pro:c', 42, null, undefined]) {
      expect(parseExternalReference(value)).toBeNull();
    }
  });
});

describe('plan resolution from a verified preapproval', () => {
  it('accepts our own preapproval and reports the provider status (canceled → cancelled)', () => {
    expect(verifyPreapproval(preapproval(), row, 'user-a')).toEqual({ ok: true, status: 'authorized' });
    expect(verifyPreapproval(preapproval({ status: 'pending' }), row)).toEqual({ ok: true, status: 'pending' });
    expect(verifyPreapproval(preapproval({ status: 'canceled' }), row)).toEqual({ ok: true, status: 'cancelled' });
    expect(verifyPreapproval(preapproval({ status: 'exploded' }), row)).toEqual({ ok: false, reason: 'unknown_status' });
  });

  it("refuses another user's subscription", () => {
    expect(verifyPreapproval(preapproval(), row, 'user-b')).toEqual({ ok: false, reason: 'not_yours' });
    expect(verifyPreapproval(preapproval({ external_reference: 'user-b:essencial:sub-1' }), row, 'user-a')).toEqual({
      ok: false,
      reason: 'not_yours',
    });
  });

  it('refuses a preapproval whose plan, row, price or currency differ from what was bought', () => {
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(verifyPreapproval(preapproval({ external_reference: 'user-a:pro:sub-1' }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ external_reference: 'user-a:essencial:sub-2' }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ external_reference: null }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ id: 'pre-2' }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ auto_recurring: { transaction_amount: 1, currency_id: 'BRL' } }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ auto_recurring: { transaction_amount: 149, currency_id: 'USD' } }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ auto_recurring: null }), row)).toEqual(mismatch);
    expect(verifyPreapproval(preapproval({ auto_recurring: { transaction_amount: 149.01, currency_id: 'BRL' } }), row)).toEqual(mismatch);
  });

  it('compares the price in centavos: a price with centavos matches exactly, whatever floating point makes of it', () => {
    const cents = { ...row, amountCents: 1234, amountBrl: 12 };
    expect(verifyPreapproval(preapproval({ auto_recurring: { transaction_amount: 12.34, currency_id: 'BRL' } }), cents)).toEqual({ ok: true, status: 'authorized' });
    expect(verifyPreapproval(preapproval({ auto_recurring: { transaction_amount: 12, currency_id: 'BRL' } }), cents)).toEqual({ ok: false, reason: 'mismatch' });
    const odd = { ...row, amountCents: 29, amountBrl: 0 }; // 0.29 * 100 is 28.999999999999996
    expect(verifyPreapproval(preapproval({ auto_recurring: { transaction_amount: 0.29, currency_id: 'BRL' } }), odd)).toEqual({ ok: true, status: 'authorized' });
  });

  it('the plan to activate is the one bought: an Essencial purchase never becomes Pro', () => {
    const pro = { ...row, plan: 'pro', amountCents: 28900, amountBrl: 289, externalReference: 'user-a:pro:sub-1' };
    expect(verifyPreapproval(preapproval(), pro)).toEqual({ ok: false, reason: 'mismatch' });
  });
});
