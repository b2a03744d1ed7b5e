/**
 * Sign-in and sign-up attempts within a sliding 5-minute window, in memory
 * (one process serves the whole local stack), counted twice:
 * - per e-mail and client address (the stack's `signInRateLimit`): hammering
 *   one account;
 * - per client address across e-mails (config.toml's `[auth.rate_limit]
 *   sign_in_sign_ups`, GoTrue's per-IP limit): password spraying.
 * The address is the socket's peer unless a trusted proxy forwarded the
 * request (gateway/http.ts clientAddress), so a client cannot pick a fresh
 * one per attempt with X-Forwarded-For.
 */
export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;

export class SignInRateLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly perAccountLimit: () => number,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  /**
   * Records an attempt; false (and nothing recorded) when either limit is
   * already used up. `perAddressLimit` is read per request so an edited
   * config.toml applies without a restart.
   */
  tryAttempt(email: string, address: string, perAddressLimit: number, now = Date.now()): boolean {
    const accountKey = `account|${email.trim().toLowerCase()}|${address}`;
    const addressKey = `address|${address}`;
    const account = this.recent(accountKey, now);
    const fromAddress = this.recent(addressKey, now);
    if (account.length >= this.perAccountLimit() || fromAddress.length >= perAddressLimit) return false;
    account.push(now);
    fromAddress.push(now);
    this.forgetStale(now);
    return true;
  }

  /** The attempts of `key` still inside the window (stored back, so the array can be appended to). */
  private recent(key: string, now: number): number[] {
    const times = (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.attempts.set(key, times);
    return times;
  }

  /** Keeps the map from growing without bound on a long-running dev stack. */
  private forgetStale(now: number): void {
    if (this.attempts.size < 10_000) return;
    for (const [key, times] of this.attempts) if (times.every((t) => now - t >= this.windowMs)) this.attempts.delete(key);
  }
}
