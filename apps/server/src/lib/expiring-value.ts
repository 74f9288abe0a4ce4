import { LRUCache } from 'lru-cache';

/**
 * A value read from somewhere slow and trusted for `ttlMs`: one read per period however many
 * callers ask, and callers that arrive while a read is on its way share it. A value this
 * process wrote itself (`set`) is trusted at once, and a read that started before the write
 * cannot put the old value back. The keeping is lru-cache's, as for every cache here: this
 * only names its one-key use.
 */
export class ExpiringValue<T extends {}> {
  private readonly cache: LRUCache<'value', T>;

  constructor(read: () => Promise<T>, ttlMs: number, now?: () => number) {
    this.cache = new LRUCache<'value', T>({
      max: 1,
      ttl: ttlMs,
      // Exact to the millisecond (the default keeps a clock reading for 1 ms).
      ttlResolution: 0,
      fetchMethod: read,
      // A `set` during a read aborts that read's caching; its callers still get what it read.
      ignoreFetchAbort: true,
      ...(now ? { perf: { now } } : {}),
    });
  }

  get(): Promise<T> {
    return this.cache.forceFetch('value');
  }

  /** What this process has just written where `read` reads. */
  set(value: T): void {
    this.cache.set('value', value);
  }
}
