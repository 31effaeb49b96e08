/**
 * The job queue (jobs/queue.ts). On PGlite its workers are woken by LISTEN/NOTIFY when a job is sent and by a local
 * timer when a retry comes due, and otherwise poll only every BACKSTOP_POLL_SECONDS (ADR 0018): a job is still
 * picked up well before that poll. On Postgres they poll every second.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client';
import { BACKSTOP_POLL_SECONDS, createJobQueue, type JobQueue } from '../src/jobs/queue';
import { openTestDatabase, testDbKind } from './helpers/database';

let database: Database;
let jobs: JobQueue;
const handled: { queue: string; n: number; attempt: number }[] = [];

// Well under the backstop poll: a job waiting for it would miss this.
const PICKED_UP_WITHIN_MS = (BACKSTOP_POLL_SECONDS * 1000) / 2;

beforeAll(async () => {
  database = await openTestDatabase();
  jobs = createJobQueue(
    database,
    pino({ level: 'silent' }),
    [
      { name: 'test-plain', retryLimit: 2, heartbeatSeconds: 30, policy: 'standard' },
      { name: 'test-retry', retryLimit: 2, heartbeatSeconds: 30, policy: 'standard', retryDelaySeconds: 1 },
    ],
  );
  await jobs.start();
  await jobs.work<{ n: number }>('test-plain', async (job) => {
    handled.push({ queue: 'test-plain', n: job.data.n, attempt: job.retryCount });
  });
  await jobs.work<{ n: number }>('test-retry', async (job) => {
    handled.push({ queue: 'test-retry', n: job.data.n, attempt: job.retryCount });
    if (job.retryCount === 0) throw new Error('first attempt fails');
  });
}, 60_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

const seen = (queue: string, n: number, attempt = 0) => handled.some((h) => h.queue === queue && h.n === n && h.attempt === attempt);

describe('job queue', () => {
  it('runs a sent job, and the next one while its worker waits for its poll', async () => {
    await jobs.send('test-plain', { n: 1 });
    await vi.waitFor(() => expect(seen('test-plain', 1)).toBe(true), { timeout: 30_000, interval: 20 });
    // The worker has fetched, run the job and gone back to waiting: the next send has to wake it.
    await jobs.send('test-plain', { n: 2 });
    await vi.waitFor(() => expect(seen('test-plain', 2)).toBe(true), { timeout: testDbKind === 'pglite' ? PICKED_UP_WITHIN_MS : 30_000, interval: 20 });
  });

  it('runs a burst of jobs sent together one after another, not one per poll', async () => {
    // Seven files uploaded at once: the sends wake the worker once, and it must go on while it finds jobs.
    const burst = [10, 11, 12, 13, 14, 15, 16];
    await Promise.all(burst.map((n) => jobs.send('test-plain', { n })));
    await vi.waitFor(() => expect(burst.filter((n) => !seen('test-plain', n))).toEqual([]), {
      timeout: testDbKind === 'pglite' ? PICKED_UP_WITHIN_MS : 30_000,
      interval: 20,
    });
  });

  it('retries a failed job when its retry delay has passed', async () => {
    await jobs.send('test-retry', { n: 1 });
    await vi.waitFor(() => expect(seen('test-retry', 1, 0)).toBe(true), { timeout: 30_000, interval: 20 });
    // retryDelaySeconds 1: the retry is due 1–2 s later.
    await vi.waitFor(() => expect(seen('test-retry', 1, 1)).toBe(true), { timeout: testDbKind === 'pglite' ? 2_000 + PICKED_UP_WITHIN_MS : 30_000, interval: 20 });
  });

  it('runs a delayed job once it is due', async () => {
    await jobs.send('test-plain', { n: 3 }, { startAfterSeconds: 1 });
    await vi.waitFor(() => expect(seen('test-plain', 3)).toBe(true), { timeout: testDbKind === 'pglite' ? 1_000 + PICKED_UP_WITHIN_MS : 30_000, interval: 20 });
  });
});
