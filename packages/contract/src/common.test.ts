import { describe, expect, it } from 'vitest';
import { HttpsAddressSchema, RowIdSchema, RowIdTextSchema } from './common';

describe('https addresses', () => {
  it('takes an https address a URL parser reads', () => {
    expect(HttpsAddressSchema.parse(' https://line.me:8443/R/ti/p/@wallet ')).toBe(
      'https://line.me:8443/R/ti/p/@wallet',
    );
  });

  it.each(['http://line.me', 'https://0:80000', 'https://', 'javascript:alert(1)'])(
    'refuses %s with KEY_INVALID',
    (address) => {
      const result = HttpsAddressSchema.safeParse(address);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('KEY_INVALID');
    },
  );
});

describe('row ids', () => {
  it('takes 1 to the largest PostgreSQL integer, as a number or as text', () => {
    expect(RowIdSchema.parse(2_147_483_647)).toBe(2_147_483_647);
    expect(RowIdTextSchema.parse('1')).toBe(1);
  });

  it.each([0, 2_147_483_648, 1.5, Number.MAX_SAFE_INTEGER + 2])('refuses %s', (id) => {
    expect(RowIdSchema.safeParse(id).error?.issues[0]?.message).toBe('KEY_INVALID');
    expect(RowIdTextSchema.safeParse(String(id)).error?.issues[0]?.message).toBe('KEY_INVALID');
  });

  it('refuses text that is no number', () => {
    expect(RowIdTextSchema.safeParse('abc').error?.issues[0]?.message).toBe('KEY_INVALID');
  });
});
