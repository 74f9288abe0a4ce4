import { z } from 'zod';

/**
 * Money (the API contract): on the wire a JSON number of baht (or kip) with at most 2 decimals;
 * inside the server an integer number of minor units (satang). Conversion happens at the API
 * edge only, through these two functions.
 */
export type Minor = number & { readonly __brand: 'Minor' };

/** The largest amount the API accepts: far above any real balance, far below 2^53 satang. */
export const MAX_MONEY = 1_000_000_000;

export function toMinor(major: number): Minor {
  const minor = Math.round(major * 100);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a money amount: ${major}`);
  return minor as Minor;
}

export function fromMinor(minor: Minor | number): number {
  return minor / 100;
}

export function minor(value: number | bigint): Minor {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a minor-unit integer: ${value}`);
  return n as Minor;
}

/**
 * Exact: the number is the double nearest to some whole number of satang. A tolerance on
 * `value * 100` would wrongly refuse large amounts such as 268,435,456.34.
 */
function hasAtMostTwoDecimals(value: number): boolean {
  return Math.round(value * 100) / 100 === value;
}

/** A money amount in a request: finite, not negative, at most 2 decimals. */
export const MoneySchema = z
  .number({ error: 'KEY_INVALID' })
  .finite({ error: 'KEY_INVALID' })
  .min(0, { error: 'KEY_INVALID' })
  .max(MAX_MONEY, { error: 'KEY_INVALID' })
  .refine(hasAtMostTwoDecimals, { error: 'KEY_INVALID' });

/**
 * What a money box of a form holds (the web app's MoneyInput): a number, or '' while empty,
 * which reads as 0 so that the request's own schema refuses it as below its minimum.
 */
export const AmountInputSchema = z
  .union([z.number(), z.literal('')])
  .transform((amount) => (amount === '' ? 0 : amount));

/** A money amount in a response (may be negative only for operator accounts, never a member's). */
export const MoneyOutSchema = z.number();
