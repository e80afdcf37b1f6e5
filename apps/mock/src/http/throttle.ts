// Sign-in throttling (#14 finding 7): failed attempts are counted per account and per client within a sliding
// window. Past the limit every attempt (the right password too) is refused until the oldest failure leaves the
// window, so guessing stalls while the real user is locked out only for a while, never for good.

export interface ThrottleLimits {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerClient: number;
}

export const SIGN_IN_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerClient: 30,
};

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly limits: ThrottleLimits;

  constructor(limits: ThrottleLimits = SIGN_IN_LIMITS) {
    this.limits = limits;
  }

  /** Milliseconds until another attempt is allowed for this account and client (0 = allowed now). */
  waitMs(account: string, client: string, now: number): number {
    return Math.max(
      this.wait(accountKey(account), this.limits.maxFailuresPerAccount, now),
      this.wait(clientKey(client), this.limits.maxFailuresPerClient, now),
    );
  }

  recordFailure(account: string, client: string, now: number): void {
    for (const key of [accountKey(account), clientKey(client)]) {
      this.failures.set(key, [...this.recent(key, now), now]);
    }
  }

  /** A successful sign-in clears the account's failures (the client's stay: they may be guessing other accounts). */
  recordSuccess(account: string): void {
    this.failures.delete(accountKey(account));
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.limits.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  private wait(key: string, max: number, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < max) return 0;
    // Allowed again once enough of the failures have left the window.
    const oldestThatCounts = recent[recent.length - max] ?? now;
    return Math.max(0, oldestThatCounts + this.limits.windowMs - now);
  }
}

const accountKey = (email: string): string => `account:${email.trim().toLowerCase()}`;
const clientKey = (ip: string): string => `client:${ip}`;
