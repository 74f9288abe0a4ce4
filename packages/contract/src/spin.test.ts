import { describe, expect, it } from 'vitest';
import {
  CouponClaimRequestSchema,
  CouponListResponseSchema,
  SpinResponseSchema,
  SpinSetupResponseSchema,
  spinErrorCodes,
  spinErrorI18nKey,
} from './spin';

const slice = {
  code: 'P100',
  label: '100 ฿',
  bgColor: '#f00',
  textColor: '#fff',
  htmlDescription: '<p>100 baht</p>',
};

describe('the wheel setup', () => {
  it('carries the running wheel and the coins', () => {
    const setup = {
      result: { activeSpinwheel: { name: 'Lucky', slice: [slice], userCoin: 3 } },
      userCoin: 3,
    };
    expect(SpinSetupResponseSchema.parse(setup)).toEqual(setup);
  });

  it('has no wheel when none is running', () => {
    expect(
      SpinSetupResponseSchema.safeParse({ result: { activeSpinwheel: null }, userCoin: 0 }).success,
    ).toBe(true);
  });
});

describe('a spin', () => {
  it('answers the slice it stops on and the coins left', () => {
    const answer = { success: true, result: { code: 'P100', label: '100 ฿', remainingCoin: 2 } };
    expect(SpinResponseSchema.parse(answer)).toEqual(answer);
  });

  it('is never a 2xx failure: refusals travel as error envelopes', () => {
    expect(SpinResponseSchema.safeParse({ success: false, error: 'INVALID_CODE' }).success).toBe(
      false,
    );
  });

  it('failure is translated under spin.error', () => {
    expect(spinErrorI18nKey('COUPON_EXPIRED')).toBe('spin.error.COUPON_EXPIRED');
    expect(spinErrorCodes).toContain('BONUS_REMAINING');
  });
});

describe('coupons', () => {
  it('name their prize, its slice and the amount', () => {
    const list = {
      coupons: [
        {
          _id: 'c1',
          prize: { name: '100 baht', slice },
          amount: 100,
          kind: 'cash',
          expiresAt: null,
        },
      ],
    };
    expect(CouponListResponseSchema.parse(list)).toEqual(list);
  });

  it('are claimed by id, which is required', () => {
    expect(CouponClaimRequestSchema.parse({ coupon: ' c1 ' })).toEqual({ coupon: 'c1' });
    expect(CouponClaimRequestSchema.safeParse({ coupon: '' }).error?.issues[0]?.message).toBe(
      'KEY_MISSING',
    );
  });
});
