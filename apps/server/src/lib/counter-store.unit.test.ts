import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCounterStore, spendOne } from './counter-store';
import { DomainError } from './domain-error';

// rate-limiter-flexible reads Date.now and ends a window with a timer: both faked here.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the in-process counter store', () => {
  it('counts within a window and starts again after it', async () => {
    const store = new MemoryCounterStore();
    expect(await store.increment('k', 60_000)).toBe(1);
    expect(await store.increment('k', 60_000)).toBe(2);
    expect(await store.read('k')).toBe(2);
    vi.advanceTimersByTime(60_000);
    expect(await store.read('k')).toBe(0);
    expect(await store.increment('k', 60_000)).toBe(1);
  });

  it('tells how long the window of a key has left, 0 once it is closed', async () => {
    const store = new MemoryCounterStore();
    expect(await store.remainingMs('k')).toBe(0);
    await store.increment('k', 60_000);
    vi.advanceTimersByTime(15_000);
    await store.increment('k', 60_000);
    expect(await store.remainingMs('k')).toBe(45_000);
    vi.advanceTimersByTime(45_000);
    expect(await store.remainingMs('k')).toBe(0);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const store = new MemoryCounterStore();
    await store.increment('a', 1000);
    await store.increment('a', 1000);
    await store.increment('b', 1000);
    await store.reset('a');
    expect(await store.read('a')).toBe(0);
    expect(await store.read('b')).toBe(1);
  });

  it('holds a window longer than a timer can run (30 days) open past its first day', async () => {
    const store = new MemoryCounterStore();
    await store.increment('known', 30 * 24 * 3_600_000);
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(await store.read('known')).toBe(1);
  });
});

describe('spending a limited use', () => {
  it('allows max uses in a window, then refuses with the time left of it', async () => {
    const store = new MemoryCounterStore();
    for (let i = 0; i < 3; i++) await spendOne(store, 'k', 3_600_000, 3, 'REQUEST_LIMIT');
    vi.advanceTimersByTime(600_000);
    const refusal = await spendOne(store, 'k', 3_600_000, 3, 'REQUEST_LIMIT').catch((e) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'REQUEST_LIMIT', status: 429, retryAfterSeconds: 3000 });
    expect(refusal.message).toBe('Too many requests. Please wait 50 minutes.');
    vi.advanceTimersByTime(3_000_000);
    await expect(spendOne(store, 'k', 3_600_000, 3, 'REQUEST_LIMIT')).resolves.toBeUndefined();
  });
});
