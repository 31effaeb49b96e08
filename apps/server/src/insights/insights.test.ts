import { describe, expect, it } from 'vitest';
import { addDays, dayStart, daysBetween, isCalendarDay, localDayHour } from './calendar';
import { csvCell, localStamp } from './export';
import { projectUsage } from './insights';
import { groupQuestions } from './unanswered';

describe('São Paulo days', () => {
  it('reads the day and hour of an instant in São Paulo time', () => {
    expect(localDayHour(new Date('2026-11-25T02:30:00Z'))).toEqual({ day: '2026-11-24', hour: 23 });
    expect(localDayHour(new Date('2026-11-25T03:00:00Z'))).toEqual({ day: '2026-11-25', hour: 0 });
    expect(dayStart('2026-11-25').toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(localStamp(new Date('2026-11-25T15:04:05Z'))).toBe('2026-11-25 12:04:05');
  });
  it('moves across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
  it('knows which YYYY-MM-DD days exist (no rolling 30 February over into March)', () => {
    for (const day of ['2026-01-31', '2026-02-28', '2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-29', '2026-02-30', '2026-02-31', '1900-02-29', '2026-04-31', '2026-06-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '2026-1-05', '2026-01-05T00:00', ' 2026-01-05', '']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });
});

describe('the month projection', () => {
  it('spreads the month so far over its days', () => {
    expect(projectUsage({ month: '2026-11', used: 100, scopeUsed: 40, quota: 1000, today: '2026-11-10' })).toEqual({
      month: '2026-11',
      used: 100,
      scopeUsed: 40,
      quota: 1000,
      projected: 300,
      runsOutOn: null,
    });
  });
  it('says when the quota runs out at this pace, or that it has', () => {
    expect(projectUsage({ month: '2026-11', used: 50, scopeUsed: 50, quota: 100, today: '2026-11-10' }).runsOutOn).toBe('2026-11-20');
    expect(projectUsage({ month: '2026-11', used: 100, scopeUsed: 100, quota: 100, today: '2026-11-10' }).runsOutOn).toBe('2026-11-10');
    expect(projectUsage({ month: '2026-11', used: 5000, scopeUsed: 0, quota: null, today: '2026-11-10' }).runsOutOn).toBeNull();
  });
});

describe('CSV cells', () => {
  it.each([
    ['texto', '"texto"'],
    ['diz "oi"; tchau', '"diz ""oi""; tchau"'],
    ['=1+1', `"'=1+1"`],
    ['+5511987654321', `"'+5511987654321"`],
    ['-2', `"'-2"`],
    ['@SOMA(A1)', `"'@SOMA(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['linha 1\nlinha 2', '"linha 1\nlinha 2"'],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));
});

describe('grouping unanswered questions', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 12, minutes));
  it('puts paraphrases together, newest wording first, and leaves out messages without a subject', () => {
    const groups = groupQuestions([
      { content: 'fazem entrega pra campinas?', askedAt: at(3), conversationId: 'c3' },
      { content: 'Oi, tudo bem?', askedAt: at(2), conversationId: 'c2' },
      { content: 'Entregam em Sorocaba?', askedAt: at(2), conversationId: 'c2' },
      { content: 'Vocês entregam em Campinas?', askedAt: at(1), conversationId: 'c1' },
      { content: 'Vocês entregam em  Campinas?', askedAt: at(0), conversationId: 'c1' },
    ]);
    expect(groups.map((g) => [g.question, g.count, g.variants, g.conversations.map((c) => c.id)])).toEqual([
      ['fazem entrega pra campinas?', 3, ['fazem entrega pra campinas?', 'Vocês entregam em Campinas?'], ['c3', 'c1']],
      ['Entregam em Sorocaba?', 1, ['Entregam em Sorocaba?'], ['c2']],
    ]);
  });
});
