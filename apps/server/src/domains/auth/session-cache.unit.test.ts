import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const HOUR = 3_600_000;

describe('the session cache', () => {
  it('answers a remembered session until its time in the cache is up', () => {
    const cache = new SessionCache(3000);
    cache.remember('t1', 7, 10 * HOUR, 1000);
    expect(cache.get('t1', 1000)).toBe(7);
    expect(cache.get('t1', 3999)).toBe(7);
    expect(cache.get('t1', 4000)).toBeNull();
    expect(cache.get('unknown', 1000)).toBeNull();
  });

  it('never answers a session past its own expiry', () => {
    const cache = new SessionCache(3000);
    cache.remember('t1', 7, 2000, 1000);
    expect(cache.get('t1', 1999)).toBe(7);
    expect(cache.get('t1', 2000)).toBeNull();
  });

  it('forgets a signed-out token, and every other token of a member who changed the password', () => {
    const cache = new SessionCache(3000);
    cache.remember('a', 7, HOUR, 0);
    cache.remember('b', 7, HOUR, 0);
    cache.remember('c', 7, HOUR, 0);
    cache.remember('d', 8, HOUR, 0);
    cache.forgetToken('a');
    expect(cache.get('a', 1)).toBeNull();
    cache.forgetMember(7, 'b');
    expect(cache.get('b', 1)).toBe(7);
    expect(cache.get('c', 1)).toBeNull();
    expect(cache.get('d', 1)).toBe(8);
  });

  it('keeps nothing when turned off (0 ms)', () => {
    const cache = new SessionCache(0);
    cache.remember('t1', 7, HOUR, 0);
    expect(cache.get('t1', 0)).toBeNull();
  });

  it('starts again when full rather than growing without bound', () => {
    const cache = new SessionCache(3000, 2);
    cache.remember('a', 1, HOUR, 0);
    cache.remember('b', 2, HOUR, 0);
    cache.remember('c', 3, HOUR, 0);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)).toBe(3);
  });
});
