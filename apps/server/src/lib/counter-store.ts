import { waitRefusal } from './domain-error';

/**
 * Fixed-window counters for the per-phone and per-account limits (OTP resends, failed
 * sign-ins). Redis when REDIS_URL is set, so every server process sees one count; memory
 * otherwise (one process). Per-IP limits go through @fastify/rate-limit instead.
 */
export interface CounterStore {
  /** Adds one to `key` and returns the count in the current window (the first hit opens it). */
  increment(key: string, windowMs: number): Promise<number>;
  /** The count in the current window, 0 when none is open. */
  read(key: string): Promise<number>;
  /** Milliseconds until the window of `key` closes, 0 when none is open (a refusal's wait). */
  remainingMs(key: string): Promise<number>;
  /** Closes the window of `key` (e.g. a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

/**
 * One more use of `key` in its window; past `max` uses the request is refused with the real
 * wait, in the message and in `Retry-After` (issue 30). The one way a per-member, per-phone or
 * per-address limit refuses.
 */
export async function spendOne(
  counters: CounterStore,
  key: string,
  windowMs: number,
  max: number,
  code: 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN',
): Promise<void> {
  if ((await counters.increment(key, windowMs)) <= max) return;
  throw waitRefusal(code, await counters.remainingMs(key));
}

type Entry = { count: number; expiresAt: number };

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();
  private operations = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number): Promise<number> {
    this.sweepNowAndThen();
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.entries.set(key, { count: 1, expiresAt: now + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async read(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.now() ? entry.count : 0;
  }

  async remainingMs(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.expiresAt - this.now()) : 0;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Expired windows are dropped every 1000 operations so the map cannot grow without bound. */
  private sweepNowAndThen(): void {
    this.operations += 1;
    if (this.operations % 1000 !== 0) return;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}
