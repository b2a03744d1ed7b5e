/**
 * Sign-in attempts per e-mail and client address within a sliding window, in
 * memory (one process serves the whole local stack). Keyed by both so that a
 * test run, which signs in many different users from one address, only trips
 * it when it hammers a single account.
 */
export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;

export class SignInRateLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: () => number,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  /** Records an attempt; false when the limit for this key is already used up. */
  tryAttempt(email: string, address: string, now = Date.now()): boolean {
    const key = `${email.trim().toLowerCase()}|${address}`;
    const recent = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit()) {
      this.attempts.set(key, recent);
      return false;
    }
    recent.push(now);
    this.attempts.set(key, recent);
    this.forgetStale(now);
    return true;
  }

  /** Keeps the map from growing without bound on a long-running dev stack. */
  private forgetStale(now: number): void {
    if (this.attempts.size < 10_000) return;
    for (const [key, times] of this.attempts) if (times.every((t) => now - t >= this.windowMs)) this.attempts.delete(key);
  }
}
