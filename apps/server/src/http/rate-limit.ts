import { AppError } from '../lib/errors';

export interface LimitRule {
  /** Allowed events per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counter kept in process memory. Rate limits are a per-instance
 * safety valve (ADR 0002); anything that must hold across instances (quotas)
 * is enforced in the database instead.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again, or 0 when it is not limited. Does not count. */
  blockedFor(key: string): number {
    const entry = this.windows.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now || entry.count < this.rule.limit) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
  }

  /** Counts one event for `key`. */
  hit(key: string): void {
    const now = this.now();
    this.sweep(now);
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.rule.windowMs });
    } else {
      entry.count += 1;
    }
  }

  /** Counts one event and throws 429 (with Retry-After) when over the limit. */
  consume(key: string): void {
    const wait = this.blockedFor(key);
    if (wait > 0) throw rateLimited(wait);
    this.hit(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', 'Too many requests', { retryAfter: retryAfterSeconds });
}

/**
 * Long-lived responses (server-sent events) held open at once per key, in process memory like RateLimiter: a request
 * rate limit bounds how fast streams are opened, not how many stay open.
 */
export class OpenStreams {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `key`: the function that gives it back (once), or null when `key` holds `max` already. */
  acquire(key: string): (() => void) | null {
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return null;
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.open.get(key)! - 1;
      if (left === 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}

export interface BackoffRule {
  /** Failures that lock the key for the first time (each failure after that doubles the lock). */
  freeFailures: number;
  /** The first lock; each further failure doubles it, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
}

/**
 * Failures counted per key (an account's e-mail) whatever the caller's address: `freeFailures` of them
 * lock the key, and every failure after that doubles the lock; a success forgets the key. Kept in process memory like RateLimiter.
 */
export class FailureBackoff {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number; lastFailureAt: number }>();
  private lastSweep = 0;

  constructor(
    private readonly rule: BackoffRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0. */
  blockedFor(key: string): number {
    const entry = this.entries.get(key);
    const wait = entry ? entry.lockedUntil - this.now() : 0;
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  fail(key: string): void {
    const now = this.now();
    this.sweep(now);
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0, lastFailureAt: now };
    entry.failures += 1;
    entry.lastFailureAt = now;
    const over = entry.failures - this.rule.freeFailures;
    if (over >= 0) entry.lockedUntil = now + Math.min(this.rule.maxLockMs, this.rule.baseLockMs * 2 ** over);
    this.entries.set(key, entry);
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  /** Keys without a failure for twice the longest lock are forgotten. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (now - entry.lastFailureAt > 2 * this.rule.maxLockMs) this.entries.delete(key);
  }
}
