import { perUtcHour, QUOTA_TIME_ZONE } from '@atende/shared';

/*
 * Days and hours as the merchant lives them: São Paulo time (the quota's time zone), computed in the
 * application so PGlite and Postgres agree whatever time zone data they carry.
 */

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The São Paulo day (YYYY-MM-DD) and hour (0–23) of an instant. */
export const localDayHour: (at: Date) => Readonly<{ day: string; hour: number }> = perUtcHour((at) => {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return Object.freeze({ day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) % 24 });
});

export const localDay = (at: Date) => localDayHour(at).day;

/**
 * True when `day` is YYYY-MM-DD and that day exists. Date parsing alone is not enough: it rolls '2026-02-30' over
 * into 2 March, so the parsed day must read back as the same text.
 */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** A YYYY-MM-DD day moved by `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The instant a São Paulo day starts. Brazil has had no daylight saving time since 2019, so it is 03:00 UTC;
 * the offset is still read from the formatter, for safety.
 */
export function dayStart(day: string): Date {
  const guess = new Date(`${day}T03:00:00Z`);
  const { day: seen, hour } = localDayHour(guess);
  if (seen === day && hour === 0) return guess;
  // Another offset: walk hour by hour to the local midnight (never more than a few steps).
  for (let h = -6; h <= 6; h++) {
    const at = new Date(guess.getTime() + h * 3_600_000);
    const local = localDayHour(at);
    if (local.day === day && local.hour === 0) return at;
  }
  return guess;
}
