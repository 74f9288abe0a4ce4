import { describe, expect, it } from 'vitest';
import { periodStart, rebate } from './rebate';

describe('rebates', () => {
  it('takes the fail rate of the losses and the success rate of the stakes that won', () => {
    // The totals of rounds 100 lost, 100 bet and 25 won back, 40 bet and 90 won, 50 bet and 50 won
    // (rounds.repository.test.ts sums them).
    const totals = { lost: 17_500, wonStakes: 4_000 };
    expect(rebate(totals, { failPercent: 5, successPercent: 0.5 })).toBe(875 + 20);
    expect(rebate(totals, { failPercent: 0, successPercent: 0 })).toBe(0);
  });

  it('rounds down to the minor unit, exactly for fractional rates', () => {
    expect(rebate({ lost: 333, wonStakes: 0 }, { failPercent: 0.3, successPercent: 0 })).toBe(0);
    expect(rebate({ lost: 1000, wonStakes: 0 }, { failPercent: 0.3, successPercent: 0 })).toBe(3);
    expect(rebate({ lost: 999, wonStakes: 0 }, { failPercent: 10, successPercent: 0 })).toBe(99);
  });

  it('starts the day at midnight in Bangkok and the week on Monday', () => {
    // 2026-11-25 (a Wednesday) 23:59:59 in Bangkok is 16:59:59 UTC.
    expect(periodStart(new Date('2026-11-25T16:59:59Z'), 'day').toISOString()).toBe(
      '2026-11-24T17:00:00.000Z',
    );
    expect(periodStart(new Date('2026-11-25T17:00:00Z'), 'day').toISOString()).toBe(
      '2026-11-25T17:00:00.000Z',
    );
    expect(periodStart(new Date('2026-11-25T16:59:59Z'), 'week').toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    // Monday 2026-11-30 00:00 in Bangkok.
    expect(periodStart(new Date('2026-11-29T17:00:00Z'), 'week').toISOString()).toBe(
      '2026-11-29T17:00:00.000Z',
    );
  });
});
