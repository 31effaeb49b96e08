import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { clientIpOf, networkKey } from './client-ip';
import { FailureBackoff, OpenStreams, RateLimiter } from './rate-limit';

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

describe('FailureBackoff', () => {
  it('locks a key after the free failures, doubling the lock up to the cap; a success forgets it', () => {
    let now = 1_000_000;
    const backoff = new FailureBackoff({ freeFailures: 3, baseLockMs: 30_000, maxLockMs: 100_000 }, () => now);
    for (let i = 0; i < 2; i++) backoff.fail('ana@loja.com');
    expect(backoff.blockedFor('ana@loja.com')).toBe(0);
    backoff.fail('ana@loja.com');
    expect(backoff.blockedFor('ana@loja.com')).toBe(30);
    expect(backoff.blockedFor('bia@loja.com')).toBe(0);
    now += 30_000;
    expect(backoff.blockedFor('ana@loja.com')).toBe(0);
    backoff.fail('ana@loja.com');
    expect(backoff.blockedFor('ana@loja.com')).toBe(60);
    now += 60_000;
    backoff.fail('ana@loja.com');
    expect(backoff.blockedFor('ana@loja.com')).toBe(100);
    now += 100_000;
    backoff.succeed('ana@loja.com');
    backoff.fail('ana@loja.com');
    expect(backoff.blockedFor('ana@loja.com')).toBe(0);
  });
});

describe('networkKey', () => {
  it('counts IPv4 by address and IPv6 by its /64, however it is written', () => {
    expect(networkKey('203.0.113.9')).toBe('203.0.113.9');
    expect(networkKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(networkKey('2001:0db8:000a:000b:ffff::1')).toBe('2001:db8:a:b::/64');
    expect(networkKey('[2001:db8:a:b::9]')).toBe('2001:db8:a:b::/64');
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkKey('2001:db8:a:c::1')).not.toBe(networkKey('2001:db8:a:b::1'));
    expect(networkKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkKey('unknown')).toBe('unknown');
  });
});

describe('clientIpOf', () => {
  it('takes the address the trusted proxies saw, not what the caller wrote before it', () => {
    expect(clientIpOf(undefined, '10.0.0.5', 1)).toBe('10.0.0.5');
    expect(clientIpOf('198.51.100.7', '10.0.0.5', 0)).toBe('10.0.0.5');
    // One proxy that appends (nginx $proxy_add_x_forwarded_for, most load balancers): the caller wrote the first.
    expect(clientIpOf('6.6.6.6, 198.51.100.7', '10.0.0.5', 1)).toBe('198.51.100.7');
    // One that replaces the header ($remote_addr): one entry.
    expect(clientIpOf('198.51.100.7', '10.0.0.5', 1)).toBe('198.51.100.7');
    // A CDN, then the load balancer: the CDN's entry.
    expect(clientIpOf('6.6.6.6, 198.51.100.7, 203.0.113.1', '10.0.0.5', 2)).toBe('198.51.100.7');
    expect(clientIpOf('198.51.100.7', '10.0.0.5', 2)).toBe('198.51.100.7');
    expect(clientIpOf(' , ', '10.0.0.5', 1)).toBe('10.0.0.5');
  });
});

describe('OpenStreams', () => {
  it('holds at most max per key, each place given back once', () => {
    const streams = new OpenStreams(2);
    const first = streams.acquire('a')!;
    const second = streams.acquire('a')!;
    expect(streams.acquire('a')).toBeNull();
    expect(streams.acquire('b')).not.toBeNull();
    first();
    first();
    const third = streams.acquire('a');
    expect(third).not.toBeNull();
    expect(streams.acquire('a')).toBeNull();
    second();
    third!();
    expect(streams.acquire('a')).not.toBeNull();
  });
});
