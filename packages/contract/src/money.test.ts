import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, MAX_MONEY, MoneySchema, minor, toMinor } from './money';

describe('toMinor and fromMinor', () => {
  it('turns baht into whole satang and back', () => {
    expect(toMinor(12.34)).toBe(1234);
    expect(fromMinor(toMinor(12.34))).toBe(12.34);
  });

  it('does not drift on amounts that floats cannot hold exactly', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1.15)).toBe(115);
    expect(toMinor(19.99)).toBe(1999);
  });

  it('round-trips every satang amount up to the largest accepted amount', () => {
    fc.assert(
      fc.property(fc.nat({ max: MAX_MONEY }), fc.nat({ max: 99 }), (baht, satang) => {
        const amount = baht * 100 + satang;
        expect(toMinor(fromMinor(amount))).toBe(amount);
      }),
    );
  });

  it('gives an amount the wire schema accepts, for any amount the API takes', () => {
    fc.assert(
      fc.property(fc.nat({ max: MAX_MONEY - 1 }), fc.nat({ max: 99 }), (baht, satang) => {
        expect(MoneySchema.safeParse(fromMinor(baht * 100 + satang)).success).toBe(true);
      }),
    );
  });

  it('refuses to convert something that is not an amount', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => minor(1.5)).toThrow(RangeError);
    expect(minor(10n)).toBe(10);
  });
});

describe('MoneySchema', () => {
  const messageOf = (value: unknown) => MoneySchema.safeParse(value).error?.issues[0]?.message;

  it('accepts whole baht, one and two decimals, and zero', () => {
    for (const value of [0, 1, 1.5, 1.25, MAX_MONEY]) {
      expect(MoneySchema.parse(value)).toBe(value);
    }
  });

  // A tolerance on value * 100 once refused amounts this large: float error grows with size.
  it('accepts large two-decimal amounts such as 268,435,456.34', () => {
    expect(MoneySchema.safeParse(268_435_456.34).success).toBe(true);
  });

  it('refuses three decimals as KEY_INVALID', () => {
    expect(messageOf(1.005)).toBe('KEY_INVALID');
    expect(messageOf(0.001)).toBe('KEY_INVALID');
  });

  it('refuses negative amounts, NaN, infinity, strings and amounts above the cap', () => {
    for (const value of [-0.01, -5, Number.NaN, Number.POSITIVE_INFINITY, '10', MAX_MONEY + 1]) {
      expect(messageOf(value)).toBe('KEY_INVALID');
    }
  });
});
