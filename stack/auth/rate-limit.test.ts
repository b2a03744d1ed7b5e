/**
 * The sign-in limiter counts per account and address, and per address across
 * e-mails; a refused attempt is not counted.
 */
import { describe, expect, it } from 'vitest';
import { SignInRateLimiter } from './rate-limit.ts';

describe('SignInRateLimiter', () => {
  it('limits one account from one address at the per-account limit', () => {
    const limiter = new SignInRateLimiter(() => 3);
    const results = Array.from({ length: 4 }, () => limiter.tryAttempt('a@x.test', '10.0.0.1', 100, 1000));
    expect(results, 'three attempts pass, the fourth is refused').toEqual([true, true, true, false]);
    expect(limiter.tryAttempt('A@X.test ', '10.0.0.2', 100, 1000), 'another address has its own per-account budget').toBe(true);
  });

  it('limits one address across e-mails at the per-address limit (password spraying)', () => {
    const limiter = new SignInRateLimiter(() => 3);
    const results = Array.from({ length: 6 }, (_, i) => limiter.tryAttempt(`user${i}@x.test`, '10.0.0.1', 5, 1000));
    expect(results, 'five e-mails pass, the sixth from the same address is refused').toEqual([true, true, true, true, true, false]);
    expect(limiter.tryAttempt('user9@x.test', '10.0.0.2', 5, 1000), 'another address is not affected').toBe(true);
  });

  it('forgets attempts older than the window', () => {
    const limiter = new SignInRateLimiter(() => 1, 60_000);
    expect(limiter.tryAttempt('a@x.test', '10.0.0.1', 1, 0), 'the first attempt passes').toBe(true);
    expect(limiter.tryAttempt('a@x.test', '10.0.0.1', 1, 59_999), 'within the window the limit holds').toBe(false);
    expect(limiter.tryAttempt('a@x.test', '10.0.0.1', 1, 60_000), 'after the window it passes again').toBe(true);
  });
});
