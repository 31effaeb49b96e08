import { z } from 'zod';

/** Monthly message quotas are counted per calendar month in São Paulo time (docs/product.md §9). */
export const QUOTA_TIME_ZONE = 'America/Sao_Paulo';

const HOUR_MS = 3_600_000;

/**
 * `local` remembering its last answer for the UTC hour it was asked about. São Paulo's offsets and daylight-saving
 * changes (none since 2019) fall on whole hours, so its local hour, day and month never change within a UTC hour;
 * Intl's formatting costs tens of microseconds, and every chat turn asks for the month and the day.
 */
export function perUtcHour<T>(local: (at: Date) => T): (at?: Date) => T {
  let hour = Number.NaN;
  let last: T;
  return (at = new Date()) => {
    const h = Math.floor(at.getTime() / HOUR_MS);
    if (h !== hour) {
      last = local(at);
      hour = h;
    }
    return last;
  };
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: QUOTA_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** 'YYYY-MM' of the instant in São Paulo. */
export const quotaMonth: (at?: Date) => string = perUtcHour((at) => {
  const parts = monthFormat.formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
});

/** The instant the next quota month starts (midnight of the 1st in São Paulo), for "renova em". */
export function nextQuotaReset(at: Date = new Date()): Date {
  const [y, m] = quotaMonth(at).split('-').map(Number) as [number, number];
  const nextYear = m === 12 ? y + 1 : y;
  const nextMonth = m === 12 ? 1 : m + 1;
  // Brazil has had no DST since 2019: São Paulo is UTC-03:00.
  return new Date(Date.UTC(nextYear, nextMonth - 1, 1, 3, 0, 0));
}

/** Remaining messages (null = unlimited). */
export function remaining(used: number, quota: number | null): number | null {
  return quota === null ? null : Math.max(0, quota - used);
}

/** The account's usage this month, as 'Meus agentes' and 'Meu plano' show it. */
export const usageSchema = z.object({
  month: z.string(),
  messagesUsed: z.number(),
  /** null = unlimited */
  messagesQuota: z.number().nullable(),
  agentsUsed: z.number(),
  /** null = unlimited */
  agentsLimit: z.number().nullable(),
  /** Test chat messages today (São Paulo), against the daily test allowance. */
  testMessagesUsed: z.number(),
  testMessagesLimit: z.number(),
});
export type Usage = z.infer<typeof usageSchema>;

/**
 * The owner's test chat (the workspace's 'Teste') draws on its own allowance, per account and per day in
 * São Paulo, never on the customers' monthly quota. Enough to try an agent out many times a day; too few
 * to run a business on (the test chat needs the owner's login, too).
 */
export const TEST_MESSAGES_PER_DAY = 50;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: QUOTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of the instant in São Paulo: the day the test allowance counts. */
export const testDay: (at?: Date) => string = perUtcHour((at) => dayFormat.format(at));
