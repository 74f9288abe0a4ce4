import { describe, expect, it } from 'vitest';
import { IdempotencyHeadersSchema, IdempotencyKeySchema } from './idempotency';

describe('an Idempotency-Key', () => {
  it('may be a UUID', () => {
    const key = '3f2b8c1e-6d4a-4f7b-9c2e-1a5b7d9e0f12';
    expect(IdempotencyKeySchema.parse(key)).toBe(key);
  });

  it('may be 8 to 128 letters, digits, underscores and hyphens', () => {
    for (const key of ['abcd1234', 'A_b-'.repeat(32)]) {
      expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
    }
  });

  it('is refused as KEY_INVALID when too short, too long or with other characters', () => {
    for (const key of ['abc1234', 'a'.repeat(129), 'abcd 1234', 'abcd/1234', 'ключ12345']) {
      expect(IdempotencyKeySchema.safeParse(key).error?.issues[0]?.message).toBe('KEY_INVALID');
    }
  });

  it('is optional, under the lower-cased header name', () => {
    expect(IdempotencyHeadersSchema.parse({})).toEqual({});
    expect(IdempotencyHeadersSchema.parse({ 'idempotency-key': 'abcd1234' })).toEqual({
      'idempotency-key': 'abcd1234',
    });
    expect(IdempotencyHeadersSchema.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
  });
});
