import type { Redis } from 'ioredis';
import type { CounterStore } from './counter-store';

// INCR and the expiry of a new window in one atomic step: two processes incrementing at once
// can neither both open a window nor leave a key without expiry.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count
`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const count = await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs));
    return Number(count);
  }

  async read(key: string): Promise<number> {
    const value = await this.redis.get(this.prefix + key);
    return value === null ? 0 : Number(value);
  }

  async remainingMs(key: string): Promise<number> {
    // PTTL answers -2 for a missing key and -1 for one without expiry (INCREMENT never leaves one).
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
