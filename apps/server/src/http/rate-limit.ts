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
