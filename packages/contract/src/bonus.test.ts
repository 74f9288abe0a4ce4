import { describe, expect, it } from 'vitest';
import {
  type Bonus,
  BonusCodeParamsSchema,
  BonusSchema,
  bonusCardState,
  receivedInPeriod,
} from './bonus';

function bonus(type: Bonus['type'], maxReceived: number, received: string[], isActive = false) {
  return {
    type,
    maxReceived,
    userBonus: { _id: 'ub1', isActive, received: received.map((updatedAt) => ({ updatedAt })) },
  };
}

// Bangkok is UTC+7: 17:00 UTC is midnight in Bangkok.
const wednesdayNoonBangkok = new Date('2026-03-04T05:00:00Z');

describe('a bonus card', () => {
  it('is active while the member runs that bonus, even when exhausted', () => {
    expect(bonusCardState(bonus('limit', 1, ['2026-01-01T00:00:00Z'], true), new Date())).toBe(
      'active',
    );
  });

  it('is available when the member has never taken it', () => {
    expect(bonusCardState({ type: 'day', maxReceived: 1, userBonus: null }, new Date())).toBe(
      'available',
    );
  });

  it('of type limit is exhausted once received maxReceived times, ever', () => {
    const times = ['2025-01-01T00:00:00Z', '2026-02-01T00:00:00Z'];
    expect(bonusCardState(bonus('limit', 2, times), wednesdayNoonBangkok)).toBe('exhausted');
    expect(bonusCardState(bonus('limit', 3, times), wednesdayNoonBangkok)).toBe('available');
  });

  it('of type day counts only claims made today in Bangkok', () => {
    // 17:30 UTC on 3 March is 00:30 on 4 March in Bangkok: today.
    const today = bonus('day', 1, ['2026-03-03T17:30:00Z']);
    expect(bonusCardState(today, wednesdayNoonBangkok)).toBe('exhausted');
    // 16:59 UTC on 3 March is 23:59 on 3 March in Bangkok: yesterday, though the same UTC day.
    const yesterday = bonus('day', 1, ['2026-03-03T16:59:00Z']);
    expect(bonusCardState(yesterday, new Date('2026-03-03T18:00:00Z'))).toBe('available');
  });

  it('of type week counts claims from Monday 00:00 in Bangkok', () => {
    // Monday 2 March 2026 00:00 Bangkok is 1 March 17:00 UTC.
    const monday = bonus('week', 1, ['2026-03-01T17:00:00Z']);
    expect(bonusCardState(monday, wednesdayNoonBangkok)).toBe('exhausted');
    const sundayNight = bonus('week', 1, ['2026-03-01T16:59:59Z']);
    expect(bonusCardState(sundayNight, wednesdayNoonBangkok)).toBe('available');
  });

  it('of type week is available again on the next Monday', () => {
    const lastWeek = bonus('week', 2, ['2026-03-02T01:00:00Z', '2026-03-08T16:00:00Z']);
    expect(bonusCardState(lastWeek, new Date('2026-03-08T16:30:00Z'))).toBe('exhausted');
    expect(bonusCardState(lastWeek, new Date('2026-03-08T17:00:00Z'))).toBe('available');
  });

  it('ignores claim times it cannot read', () => {
    expect(receivedInPeriod(bonus('limit', 1, ['not a date']), new Date())).toBe(0);
  });
});

describe('a bonus', () => {
  it('may be received at least once', () => {
    const valid = {
      code: 'WELCOME',
      type: 'limit',
      maxReceived: 1,
      percentFail: 10,
      banners: [{ image: '/b.png', html: '<p>x</p>' }],
      userBonus: null,
      percent: 100,
      maxBonus: 500,
      minDeposit: 100,
      turnoverMultiplier: 5,
      description: '<p>Welcome</p>',
    };
    expect(BonusSchema.safeParse(valid).success).toBe(true);
    expect(BonusSchema.safeParse({ ...valid, maxReceived: 0 }).success).toBe(false);
    expect(BonusSchema.safeParse({ ...valid, type: 'month' }).success).toBe(false);
  });

  it('code in a path is trimmed and upper-cased', () => {
    expect(BonusCodeParamsSchema.parse({ code: ' welcome ' })).toEqual({ code: 'WELCOME' });
    expect(BonusCodeParamsSchema.safeParse({ code: 'a b' }).error?.issues[0]?.message).toBe(
      'KEY_INVALID',
    );
  });
});
