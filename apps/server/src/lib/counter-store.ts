import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { waitRefusal } from './domain-error';

/**
 * Fixed-window counters for the per-member, per-phone and per-address limits (OTP resends,
 * failed sign-ins, QRs, slips, gift links, game calls, the chat), kept by rate-limiter-flexible
 * (docs/decisions/0062): in Redis when REDIS_URL is set, so every server process sees one
 * count; in memory otherwise (one process). Per-IP limits of whole routes go through
 * @fastify/rate-limit instead.
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

/**
 * Our limits have a window each and a maximum each, so one limiter serves them all: a use is a
 * `penalty` of one point with the limit's window as its duration (a window opens with the first
 * use and is not moved by later ones), and the caller compares the count with its maximum.
 * rate-limiter-flexible counts durations in whole seconds (Redis's EX).
 */
class LimiterCounterStore implements CounterStore {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly longestWindowMs: number,
    private readonly prefix = '',
  ) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const seconds = Math.min(Math.ceil(windowMs / 1000), Math.floor(this.longestWindowMs / 1000));
    const counted = await this.limiter.penalty(this.prefix + key, 1, { customDuration: seconds });
    return counted.consumedPoints;
  }

  async read(key: string): Promise<number> {
    const window = await this.open(key);
    return window?.consumedPoints ?? 0;
  }

  async remainingMs(key: string): Promise<number> {
    const window = await this.open(key);
    return window?.msBeforeNext ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(this.prefix + key);
  }

  /** The key's window while it is open (every window here has an end). */
  private async open(key: string): Promise<RateLimiterRes | null> {
    const window = await this.limiter.get(this.prefix + key);
    return window && window.msBeforeNext > 0 ? window : null;
  }
}

export class MemoryCounterStore extends LimiterCounterStore {
  constructor() {
    // The memory store ends a window with a timer, and Node fires a timer longer than
    // 2^31 − 1 ms (24.8 days) at once: a longer window (a known sign-in address's 30 days)
    // is held for that long in one process.
    super(new RateLimiterMemory({ points: 1, duration: 60 }), 2 ** 31 - 1);
  }
}

export class RedisCounterStore extends LimiterCounterStore {
  /** `prefix`: the Redis keys are `<prefix><key>`, as REDIS_KEY_PREFIX names them. */
  constructor(redis: Redis, prefix: string) {
    const limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: '',
      points: 1,
      duration: 60,
    });
    super(limiter, Number.POSITIVE_INFINITY, prefix);
  }
}
