import { describe, expect, it } from 'vitest';
import { type Revocation, SessionCache } from './session-cache';

const HOUR = 3_600_000;

/** A cache on a clock the test moves (lru-cache reads a start of 0 as "no time kept"). */
function cacheAt(ttlMs: number, max?: number) {
  const clock = { now: 1000 };
  const cache = new SessionCache(ttlMs, {
    clock: () => clock.now,
    ...(max === undefined ? {} : { max }),
  });
  return { cache, clock };
}

describe('the session cache', () => {
  it('answers a remembered session until its time in the cache is up', () => {
    const { cache, clock } = cacheAt(3000);
    cache.remember('t1', 7, 10 * HOUR);
    expect(cache.get('t1', 1000)).toBe(7);
    clock.now = 4000;
    expect(cache.get('t1', 4000)).toBe(7);
    clock.now = 4001;
    expect(cache.get('t1', 4001)).toBeNull();
    expect(cache.get('unknown', 4001)).toBeNull();
  });

  it('never answers a session past its own expiry', () => {
    const { cache } = cacheAt(3000);
    cache.remember('t1', 7, 2000);
    expect(cache.get('t1', 1999)).toBe(7);
    expect(cache.get('t1', 2000)).toBeNull();
  });

  it('forgets a signed-out token, and every other token of a member who changed the password', async () => {
    const { cache } = cacheAt(3000);
    cache.remember('a', 7, HOUR);
    cache.remember('b', 7, HOUR);
    cache.remember('c', 7, HOUR);
    cache.remember('d', 8, HOUR);
    await cache.forgetToken('a');
    expect(cache.get('a', 1)).toBeNull();
    await cache.forgetMember(7, 'b');
    expect(cache.get('b', 1)).toBe(7);
    expect(cache.get('c', 1)).toBeNull();
    expect(cache.get('d', 1)).toBe(8);
  });

  it('tells every revocation to the other processes, and applies theirs without telling again', async () => {
    const told: Revocation[] = [];
    const cache = new SessionCache(3000, {
      broadcast: async (revocation) => {
        told.push(revocation);
      },
    });
    cache.remember('a', 7, HOUR);
    cache.remember('b', 7, HOUR);
    await cache.forgetToken('x');
    await cache.forgetMember(7, 'b');
    expect(told).toEqual([{ tokenHash: 'x' }, { memberId: 7, keepTokenHash: 'b' }]);
    expect(cache.get('a', 1)).toBeNull();

    cache.apply({ memberId: 7 });
    expect(cache.get('b', 1)).toBeNull();
    expect(told).toHaveLength(2);
  });

  it('keeps nothing when turned off (0 ms)', () => {
    const { cache } = cacheAt(0);
    cache.remember('t1', 7, HOUR);
    expect(cache.get('t1', 0)).toBeNull();
  });

  it('holds at most `max` sessions, dropping the least recently used', () => {
    const { cache } = cacheAt(3000, 2);
    cache.remember('a', 1, HOUR);
    cache.remember('b', 2, HOUR);
    expect(cache.get('a', 1)).toBe(1);
    cache.remember('c', 3, HOUR);
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('a', 1)).toBe(1);
    expect(cache.get('c', 1)).toBe(3);
  });
});
