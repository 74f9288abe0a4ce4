import { describe, expect, it } from 'vitest';
import { MemoryCounterStore, spendOne } from './counter-store';
import { DomainError } from './domain-error';

describe('the in-process counter store', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = new MemoryCounterStore(() => now);
    expect(await store.increment('k', 60_000)).toBe(1);
    expect(await store.increment('k', 60_000)).toBe(2);
    expect(await store.read('k')).toBe(2);
    now += 60_000;
    expect(await store.read('k')).toBe(0);
    expect(await store.increment('k', 60_000)).toBe(1);
  });

  it('tells how long the window of a key has left, 0 once it is closed', async () => {
    let now = 1_000;
    const store = new MemoryCounterStore(() => now);
    expect(await store.remainingMs('k')).toBe(0);
    await store.increment('k', 60_000);
    now += 15_000;
    await store.increment('k', 60_000);
    expect(await store.remainingMs('k')).toBe(45_000);
    now += 45_000;
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
});

describe('spending a limited use', () => {
  it('allows max uses in a window, then refuses with the time left of it', async () => {
    let now = 1_000;
    const store = new MemoryCounterStore(() => now);
    for (let i = 0; i < 3; i++) await spendOne(store, 'k', 3_600_000, 3, 'REQUEST_LIMIT');
    now += 600_000;
    const refusal = await spendOne(store, 'k', 3_600_000, 3, 'REQUEST_LIMIT').catch((e) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'REQUEST_LIMIT', status: 429, retryAfterSeconds: 3000 });
    expect(refusal.message).toBe('Too many requests. Please wait 50 minutes.');
    now += 3_000_000;
    await expect(spendOne(store, 'k', 3_600_000, 3, 'REQUEST_LIMIT')).resolves.toBeUndefined();
  });
});
