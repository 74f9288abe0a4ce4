import { describe, expect, it } from 'vitest';
import { RefundCheckResponseSchema, refundBlocker } from './refund';

const ready = { result: true, bonus: false, refundAmount: 120.5 };

describe('receiving a refund', () => {
  it('is possible with a refund ready and no bonus running', () => {
    expect(refundBlocker(ready)).toBeNull();
  });

  it('is NO_REFUND when there is none', () => {
    expect(refundBlocker({ ...ready, result: false })).toBe('NO_REFUND');
  });

  it('is REFUND_CONDITION while a bonus is running', () => {
    expect(refundBlocker({ ...ready, bonus: true })).toBe('REFUND_CONDITION');
  });

  it('is REFUND_MINIMUM when the accrued amount is not above 0', () => {
    expect(refundBlocker({ ...ready, refundAmount: 0 })).toBe('REFUND_MINIMUM');
  });
});

describe('the refund check', () => {
  it('carries the amount, the two rates and the info HTML', () => {
    const check = { ...ready, info: '<p>5%</p>', refundSuccess: 0, refundFail: 5, received: 2.5 };
    expect(RefundCheckResponseSchema.parse(check)).toEqual(check);
    expect(RefundCheckResponseSchema.safeParse({ ...check, info: undefined }).success).toBe(false);
  });
});
