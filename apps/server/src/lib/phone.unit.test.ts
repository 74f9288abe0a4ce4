import { describe, expect, it } from 'vitest';
import { canonicalPhone } from './phone';

describe('canonical phone numbers', () => {
  it('adds the leading 0 to Lao numbers typed without it', () => {
    expect(canonicalPhone({ laos: true }, '2055512345')).toBe('02055512345');
    expect(canonicalPhone({ laos: true }, '305551234')).toBe('0305551234');
    expect(canonicalPhone({ laos: true }, ' 02055512345 ')).toBe('02055512345');
  });

  it('keeps Thai numbers as typed, trimmed', () => {
    expect(canonicalPhone({ laos: false }, ' 0812345678')).toBe('0812345678');
    expect(canonicalPhone({ laos: false }, '2055512345')).toBe('2055512345');
  });
});
