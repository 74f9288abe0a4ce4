import { describe, expect, it } from 'vitest';
import {
  isPromotionFound,
  PromotionCodeParamsSchema,
  PromotionFindResponseSchema,
} from './promotion';

describe('a promotion code', () => {
  it('is sent upper-cased and trimmed', () => {
    expect(PromotionCodeParamsSchema.parse({ code: ' summer26 ' })).toEqual({ code: 'SUMMER26' });
  });

  it('is required', () => {
    expect(PromotionCodeParamsSchema.safeParse({ code: '   ' }).error?.issues[0]?.message).toBe(
      'KEY_MISSING',
    );
  });

  it('refuses characters no code has', () => {
    expect(PromotionCodeParamsSchema.safeParse({ code: 'A/B' }).error?.issues[0]?.message).toBe(
      'KEY_INVALID',
    );
  });
});

describe('finding a promotion', () => {
  it('answers its details when found', () => {
    const found = PromotionFindResponseSchema.parse({ percentFail: 5, description: '<p>x</p>' });
    expect(isPromotionFound(found)).toBe(true);
  });

  it('answers an empty object when not found', () => {
    const missing = PromotionFindResponseSchema.parse({});
    expect(isPromotionFound(missing)).toBe(false);
  });

  it('accepts nothing in between', () => {
    expect(PromotionFindResponseSchema.safeParse({ percentFail: 5 }).success).toBe(false);
  });
});
