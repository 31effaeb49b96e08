import { describe, expect, it } from 'vitest';
import { nextQuotaReset, perUtcHour, quotaMonth, remaining, testDay } from './quota';

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

describe('perUtcHour', () => {
  it('answers as Intl does at every instant, across São Paulo daylight-saving changes (2017–2019), asked in any order', () => {
    const dayHour = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
    const direct = (at: Date) => dayHour.format(at);
    const remembered = perUtcHour(direct);
    const from = Date.UTC(2017, 9, 1);
    const to = Date.UTC(2019, 2, 1);
    let asked = 0;
    for (let t = from; t < to; t += 7 * 60_000) {
      const at = new Date(t);
      // The day and hour (the minutes are those of the first instant asked in the UTC hour).
      expect(remembered(at).slice(0, -3)).toBe(direct(at).slice(0, -3));
      asked++;
    }
    expect(asked).toBeGreaterThan(100_000);
    for (const t of [to, from, to - 1, from + 3_600_000 * 30]) expect(remembered(new Date(t)).slice(0, -3)).toBe(direct(new Date(t)).slice(0, -3));
  });
});
