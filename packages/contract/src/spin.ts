import { z } from 'zod';
import { TimestampSchema } from './common';
import type { ErrorCode } from './errors';
import { MoneyOutSchema } from './money';

/** The prize wheel and its coupons (the spec's screens, entities, states and calls). */

/** One slice of the wheel; `htmlDescription` is operator HTML shown in the prize modal. */
export const SliceSchema = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});
export type Slice = z.infer<typeof SliceSchema>;

export const SpinwheelSchema = z.object({
  name: z.string(),
  slice: z.array(SliceSchema),
  userCoin: z.number().int().min(0),
});
export type Spinwheel = z.infer<typeof SpinwheelSchema>;

/** `GET /api/spinwheel/setup`; `activeSpinwheel` is null when no wheel is running. */
export const SpinSetupResponseSchema = z.object({
  result: z.object({ activeSpinwheel: SpinwheelSchema.nullable() }),
  userCoin: z.number().int().min(0),
});
export type SpinSetupResponse = z.infer<typeof SpinSetupResponseSchema>;

/** `POST /api/spinwheel/spin` takes no fields: it spins the running wheel for one coin. */
export const SpinRequestSchema = z.object({});
export type SpinRequest = z.infer<typeof SpinRequestSchema>;

/** Spin result (the spec's entities): the slice the wheel stops on and the coins left. */
export const SpinResultSchema = z.object({
  code: z.string(),
  label: z.string(),
  remainingCoin: z.number().int().min(0),
});
export type SpinResult = z.infer<typeof SpinResultSchema>;

/**
 * The spec shows `{ success, result, error }`. The API contract makes every refusal a non-2xx
 * envelope, so a 2xx answer is always a success and the refusal's `code` plays the part of
 * `error` (shown through `spinErrorI18nKey`). No coin left is MONEY_NOT_ENOUGH.
 */
export const SpinResponseSchema = z.object({
  success: z.literal(true),
  result: SpinResultSchema,
});
export type SpinResponse = z.infer<typeof SpinResponseSchema>;

/** The spec's error catalogue: a spin or claim failure shows `spin.error.{error code}`. */
export function spinErrorI18nKey(code: ErrorCode): `spin.error.${ErrorCode}` {
  return `spin.error.${code}`;
}

/** The codes a spin or a claim is refused with, each translated under `spin.error.`. */
export const spinErrorCodes = [
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  'BONUS_REMAINING',
  'MONEY_NOT_ENOUGH',
] as const satisfies readonly ErrorCode[];

/** The wallet a coupon's prize goes into when claimed. */
export const couponKinds = ['cash', 'bonus'] as const;

/**
 * Coupon (the spec's entities): a prize won on the wheel and its amount. `_id` (what a claim
 * names), `expiresAt` (COUPON_EXPIRED) and `kind` (the wallet it pays into, said before the
 * claim) are extra: the spec is silent and the table needs them.
 */
export const CouponSchema = z.object({
  _id: z.string(),
  prize: z.object({ name: z.string(), slice: SliceSchema }),
  amount: MoneyOutSchema,
  kind: z.enum(couponKinds),
  expiresAt: TimestampSchema.nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** `GET /api/spinwheel/coupon`: the member's unclaimed coupons, newest first. */
export const CouponListResponseSchema = z.object({ coupons: z.array(CouponSchema) });
export type CouponListResponse = z.infer<typeof CouponListResponseSchema>;

/** `POST /api/spinwheel/coupon/claim` `{ coupon }`: the coupon's `_id`. */
export const CouponClaimRequestSchema = z.object({
  coupon: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(100, { error: 'INVALID_CODE' }),
});
export type CouponClaimRequest = z.infer<typeof CouponClaimRequestSchema>;

/** A claimed coupon credits its amount; the client then refreshes the wallet (the spec 4). */
export const CouponClaimResponseSchema = z.object({
  success: z.literal(true),
  amount: MoneyOutSchema,
});
export type CouponClaimResponse = z.infer<typeof CouponClaimResponseSchema>;

/** `GET /api/spinwheel/active`: whether the spin entry points show. */
export const SpinActiveResponseSchema = z.object({ isActive: z.boolean() });
export type SpinActiveResponse = z.infer<typeof SpinActiveResponseSchema>;
