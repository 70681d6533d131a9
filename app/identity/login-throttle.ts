// Password guessing is slowed down and then stopped, per account and per client address:
// after a few free failures each attempt waits longer (progressive delay), then the account or
// the address is locked for a while (429 with Retry-After). The address is the connection's, or
// the one a trusted proxy reports (TRUST_PROXY): a client cannot rotate X-Forwarded-For to escape.
// Counters live in this process's memory (one API process per deployment today; a restart clears them).

export type ThrottleLimits = {
  /** Failures per account before attempts start to wait. */
  freeFailures: number;
  /** Failures per account within the window that lock it. */
  accountLockAfter: number;
  /** Failures per address (over any accounts) within the window that lock it. */
  addressLockAfter: number;
  windowMs: number;
  lockMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  freeFailures: 3,
  accountLockAfter: 10,
  addressLockAfter: 50,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/**
 * Registration refusals (an email that cannot be used, a taken slug): every one is a probe of which
 * addresses have accounts, and a person signing up meets one or two at most. A short leash: the
 * second refusal for an email already waits, five per email or per address lock it for an hour.
 */
export const DEFAULT_REGISTRATION_THROTTLE_LIMITS: ThrottleLimits = {
  freeFailures: 1,
  accountLockAfter: 5,
  addressLockAfter: 5,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
};

/** Registrations (whatever their outcome) per client address per hour: each answer tells whether an email is free. */
export const REGISTRATIONS_PER_HOUR_PER_ADDRESS = 10;

type Counter = { failures: number; windowStart: number; lockedUntil: number };

export type ThrottleVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

const MAX_TRACKED = 50_000;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas de acesso. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e tente novamente.`;
}

export class AttemptThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {}

  private current(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (!counter) return undefined;
    if (counter.lockedUntil <= now && now - counter.windowStart > this.limits.windowMs) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** What an attempt for this account from this address may do now. */
  check(account: string, address: string, now = Date.now()): ThrottleVerdict {
    const byAccount = this.current(`account:${account}`, now);
    const byAddress = this.current(`address:${address}`, now);
    const lockedUntil = Math.max(byAccount?.lockedUntil ?? 0, byAddress?.lockedUntil ?? 0);
    if (lockedUntil > now) return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) };
    const over = (byAccount?.failures ?? 0) - this.limits.freeFailures;
    const delayMs = over < 0 ? 0 : Math.min(this.limits.maxDelayMs, this.limits.baseDelayMs * 2 ** over);
    return { allowed: true, delayMs };
  }

  recordFailure(account: string, address: string, now = Date.now()): void {
    this.bump(`account:${account}`, this.limits.accountLockAfter, now);
    this.bump(`address:${address}`, this.limits.addressLockAfter, now);
  }

  /** A right password clears the account's count (the address keeps its own). */
  recordSuccess(account: string): void {
    this.counters.delete(`account:${account}`);
  }

  private bump(key: string, lockAfter: number, now: number): void {
    if (this.counters.size >= MAX_TRACKED) this.prune(now);
    const counter = this.current(key, now) ?? { failures: 0, windowStart: now, lockedUntil: 0 };
    counter.failures += 1;
    if (counter.failures >= lockAfter) {
      counter.lockedUntil = now + this.limits.lockMs;
      counter.failures = 0;
      counter.windowStart = now;
    }
    this.counters.set(key, counter);
  }

  private prune(now: number): void {
    for (const key of [...this.counters.keys()]) this.current(key, now);
    // Still full of live entries: drop the oldest (Map keeps insertion order).
    for (const key of this.counters.keys()) {
      if (this.counters.size < MAX_TRACKED) break;
      this.counters.delete(key);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
