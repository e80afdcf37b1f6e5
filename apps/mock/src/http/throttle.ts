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

/**
 * Events per key inside a sliding window (the one counting mechanism of every throttle here): how long until fewer
 * than `max` of a key's events are left in the window.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();
  private readonly windowMs: number;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  /** Milliseconds until the key is under `max` events in the window again (0 = now). */
  waitMs(key: string, max: number, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < max) return 0;
    // Allowed again once enough of the events have left the window.
    const oldestThatCounts = recent[recent.length - max] ?? now;
    return Math.max(0, oldestThatCounts + this.windowMs - now);
  }

  record(key: string, now: number): void {
    this.events.set(key, [...this.recent(key, now), now]);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.events.delete(key);
    else this.events.set(key, kept);
    return kept;
  }
}

export class SignInThrottle {
  private readonly failures: SlidingWindow;
  private readonly limits: ThrottleLimits;

  constructor(limits: ThrottleLimits = SIGN_IN_LIMITS) {
    this.limits = limits;
    this.failures = new SlidingWindow(limits.windowMs);
  }

  /** Milliseconds until another attempt is allowed for this account and client (0 = allowed now). */
  waitMs(account: string, client: string, now: number): number {
    return Math.max(
      this.failures.waitMs(accountKey(account), this.limits.maxFailuresPerAccount, now),
      this.failures.waitMs(clientKey(client), this.limits.maxFailuresPerClient, now),
    );
  }

  recordFailure(account: string, client: string, now: number): void {
    this.failures.record(accountKey(account), now);
    this.failures.record(clientKey(client), now);
  }

  /** A successful sign-in clears the account's failures (the client's stay: they may be guessing other accounts). */
  recordSuccess(account: string): void {
    this.failures.clear(accountKey(account));
  }
}

const accountKey = (email: string): string => `account:${email.trim().toLowerCase()}`;
const clientKey = (ip: string): string => `client:${ip}`;
