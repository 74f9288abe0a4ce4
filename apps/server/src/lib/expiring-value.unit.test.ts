import { describe, expect, it } from 'vitest';
import { ExpiringValue } from './expiring-value';

describe('an expiring value', () => {
  it('reads once per period, and concurrent callers share the read', async () => {
    let reads = 0;
    // lru-cache reads a start of 0 as "no time kept", so the clock starts later.
    let now = 5000;
    const value = new ExpiringValue(
      async () => {
        reads += 1;
        return reads;
      },
      1000,
      () => now,
    );
    expect(await Promise.all([value.get(), value.get(), value.get()])).toEqual([1, 1, 1]);
    now = 6000;
    expect(await value.get()).toBe(1);
    now = 6001;
    expect(await value.get()).toBe(2);
    expect(reads).toBe(2);
  });

  it('keeps nothing from a failed read: the next caller reads again', async () => {
    let fail = true;
    const value = new ExpiringValue(async () => {
      if (fail) throw new Error('down');
      return 'up';
    }, 1000);
    await expect(value.get()).rejects.toThrow('down');
    fail = false;
    expect(await value.get()).toBe('up');
  });

  it('trusts a value written here at once, over a read that started before the write', async () => {
    let release: (value: string) => void = () => {};
    const value = new ExpiringValue(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
      1000,
    );
    const before = value.get();
    value.set('written');
    release('read before');
    expect(await before).toBe('read before');
    expect(await value.get()).toBe('written');
  });
});
