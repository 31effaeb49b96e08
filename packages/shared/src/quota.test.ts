import { describe, expect, it } from 'vitest';
import { nextQuotaReset, quotaMonth, remaining, testDay } from './quota';

describe('quota month (America/Sao_Paulo)', () => {
  it('counts the first hours of a UTC month in the previous São Paulo month', () => {
    // 2026-12-01 02:59 UTC is 2026-11-30 23:59 in São Paulo.
    expect(quotaMonth(new Date('2026-12-01T02:59:59Z'))).toBe('2026-11');
    expect(quotaMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12');
  });
  it('crosses the year boundary', () => {
    expect(quotaMonth(new Date('2027-01-01T02:00:00Z'))).toBe('2026-12');
    expect(quotaMonth(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01');
  });
  it('handles February in a leap year', () => {
    expect(quotaMonth(new Date('2028-02-29T23:00:00Z'))).toBe('2028-02');
    expect(quotaMonth(new Date('2028-03-01T02:59:00Z'))).toBe('2028-02');
  });
  it('gives the next reset at local midnight of the 1st', () => {
    expect(nextQuotaReset(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(nextQuotaReset(new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(nextQuotaReset(new Date('2027-01-01T02:00:00Z')).toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });
  it('computes what is left', () => {
    expect(remaining(40, 100)).toBe(60);
    expect(remaining(120, 100)).toBe(0);
    expect(remaining(5, null)).toBeNull();
  });
  it('counts the test allowance per São Paulo day', () => {
    expect(testDay(new Date('2026-11-22T02:59:59Z'))).toBe('2026-11-21');
    expect(testDay(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
    expect(testDay(new Date('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
  });
});
