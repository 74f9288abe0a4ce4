import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  randomDigits,
  randomRef,
  randomToken,
  sameDigest,
  sha256Hex,
  TOKEN_PATTERN,
} from './crypto';

describe('crypto helpers', () => {
  it('makes 256-bit base64url tokens that match the accepted pattern', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(TOKEN_PATTERN);
  });

  it('makes codes of exactly the asked number of digits, leading zeros included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (length) => {
        expect(randomDigits(length)).toMatch(new RegExp(`^\\d{${length}}$`));
      }),
    );
  });

  it('makes references without look-alike characters', () => {
    for (let i = 0; i < 200; i++) expect(randomRef()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('compares digests exactly', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sameDigest(sha256Hex(a), sha256Hex(b))).toBe(a === b);
      }),
    );
  });
});
