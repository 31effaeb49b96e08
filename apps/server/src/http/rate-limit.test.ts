import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows `limit` events per window, then reports the wait, then resets', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 2, windowMs: 10_000 }, () => now);
    limiter.consume('ip');
    limiter.consume('ip');
    expect(limiter.blockedFor('other')).toBe(0);
    try {
      limiter.consume('ip');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(429);
      expect((err as AppError).retryAfter).toBe(10);
    }
    now += 9_500;
    expect(limiter.blockedFor('ip')).toBe(1);
    now += 600;
    expect(limiter.blockedFor('ip')).toBe(0);
    limiter.consume('ip');
  });
});
