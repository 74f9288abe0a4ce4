import { z } from 'zod';
import { CurrencySchema } from './account';
import { bonusTypes } from './bonus';
import { LocalBannerSchema, LocalTextSchema } from './common';
import { MoneySchema } from './money';
import { ReasonSchema } from './staff';

/**
 * The operator's promotions as the back office sets them (docs/backoffice.md, "Promotions"):
 * bonuses and promotion codes, the prize wheel, the invite and refund programmes. The same
 * schemas check a change in the back office's forms and on the server. A change applies to what
 * members take afterwards: a bonus already taken keeps the rules it was taken under, a coupon
 * already won keeps its prize, a refund or invite reward already received keeps its amount.
 */

const reason = ReasonSchema.shape.reason;
const invalid = { error: 'KEY_INVALID' } as const;
const whole = (min: number, max: number) =>
  z.number(invalid).int(invalid).min(min, invalid).max(max, invalid);
const positive = MoneySchema.refine((value) => value > 0, invalid);
const rate = z.number(invalid).min(0, invalid).max(100, invalid);
const banners = z.array(LocalBannerSchema).max(5, invalid);

export const BONUS_CODE = /^[A-Z0-9_-]{1,40}$/;

/** What may change of a bonus once it exists: everything but its code and currency. */
export const BonusRulesSchema = z.object({
  /** `listed` on the bonus page; a `promotion` is found by its code. */
  kind: z.enum(['listed', 'promotion'], invalid),
  /** How often it may be received: `maxReceived` times in all (limit), per day or per week. */
  type: z.enum(bonusTypes, invalid),
  maxReceived: whole(1, 1000),
  /** Percent of the qualifying deposit, at most `maxBonus`, for a deposit of `minDeposit` or more. */
  percent: whole(1, 1000),
  maxBonus: positive,
  minDeposit: positive,
  /** Bets of this many times (deposit + bonus) turn the bonus into cash. */
  turnoverMultiplier: whole(0, 100),
  /** Cancelled when the money in play falls to this percent of (deposit + bonus). */
  percentFail: whole(0, 100),
  description: LocalTextSchema,
  banners,
  active: z.boolean(invalid),
  sortOrder: whole(0, 10_000),
});
export type BonusRules = z.infer<typeof BonusRulesSchema>;

export const BonusSettingSchema = BonusRulesSchema.extend({
  code: z.string(invalid).trim().toUpperCase().regex(BONUS_CODE, invalid),
  currency: CurrencySchema,
});
export type BonusSetting = z.infer<typeof BonusSettingSchema>;

/** `GET /api/backoffice/promotions/bonuses`: every bonus, on or off, in the operator's order. */
export const BonusSettingListSchema = z.object({ bonuses: z.array(BonusSettingSchema) });

/** `POST /api/backoffice/promotions/bonuses`: a new bonus, and why. */
export const BonusCreateSchema = BonusSettingSchema.extend({ reason });
/** `PUT /api/backoffice/promotions/bonuses/{code}`: its rules, and why. */
export const BonusChangeSchema = BonusRulesSchema.extend({ reason });
export const BonusCodeParamsSchema = z.object({
  code: z.string(invalid).regex(BONUS_CODE, invalid),
});

// The prize wheel.

/** One hundredth of a percent: probabilities are whole hundredths, so they add up exactly. */
export const PROBABILITY_STEP = 0.01;
const probability = z
  .number(invalid)
  .min(0, invalid)
  .max(100, invalid)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, invalid);
const colour = z.string(invalid).regex(/^#[0-9a-fA-F]{6}$/, invalid);

export const WheelSliceSettingSchema = z
  .object({
    code: z
      .string(invalid)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{1,40}$/, invalid),
    label: z.string(invalid).trim().min(1, { error: 'KEY_MISSING' }).max(24, invalid),
    bgColor: colour,
    textColor: colour,
    htmlDescription: LocalTextSchema,
    /** The chance of landing here, in percent; the slices' chances add up to 100. */
    probability,
    prizeKind: z.enum(['none', 'cash', 'bonus'], invalid),
    prizeAmount: MoneySchema,
  })
  .refine((slice) => (slice.prizeKind === 'none') === (slice.prizeAmount === 0), {
    error: 'KEY_INVALID',
    path: ['prizeAmount'],
  });
export type WheelSliceSetting = z.infer<typeof WheelSliceSettingSchema>;

export const WheelFieldsSchema = z.object({
  name: z.string(invalid).trim().min(1, { error: 'KEY_MISSING' }).max(60, invalid),
  currency: CurrencySchema,
  /** Members may spin while it is on. */
  active: z.boolean(invalid),
  /** A deposit earns one coin per this much of the wheel's currency. */
  depositPerCoin: positive,
  /** How many days a coupon the wheel gives can be claimed. */
  couponDays: whole(1, 365),
  slices: z.array(WheelSliceSettingSchema).min(2, invalid).max(16, invalid),
});

/** A wheel to publish: its chances add up to exactly 100 % and its slice codes are unique. */
export const WheelSettingSchema = WheelFieldsSchema.refine(
  (wheel) =>
    Math.round(wheel.slices.reduce((sum, slice) => sum + slice.probability * 100, 0)) === 10_000,
  { error: 'WHEEL_PROBABILITY_SUM', path: ['slices'] },
).refine((wheel) => new Set(wheel.slices.map((slice) => slice.code)).size === wheel.slices.length, {
  error: 'KEY_INVALID',
  path: ['slices'],
});
export type WheelSetting = z.infer<typeof WheelSettingSchema>;

/**
 * `GET /api/backoffice/promotions/wheel`: the wheel members spin now, or null. Read as stored, so
 * a wheel whose weights were set some other way still shows, for staff to publish a right one.
 */
export const WheelSettingResponseSchema = z.object({ wheel: WheelFieldsSchema.nullable() });
/** `PUT /api/backoffice/promotions/wheel`: publishes the wheel, and why. */
export const WheelChangeSchema = z.object({ wheel: WheelSettingSchema, reason });

// The invite and refund programmes.

export const InviteSettingSchema = z.object({
  isActive: z.boolean(invalid),
  /** Percent of the invited friends' winning stakes and of what they lost. */
  successPercent: rate,
  failPercent: rate,
  banners,
});
export type InviteSetting = z.infer<typeof InviteSettingSchema>;

export const RefundSettingSchema = InviteSettingSchema.extend({
  /** The refund counts the member's rounds before the running day or week (Asia/Bangkok). */
  period: z.enum(['day', 'week'], invalid),
  /** Operator HTML shown in the refund window. */
  info: LocalTextSchema,
});
export type RefundSetting = z.infer<typeof RefundSettingSchema>;

export const InviteChangeSchema = z.object({ rules: InviteSettingSchema, reason });
export const RefundChangeSchema = z.object({ rules: RefundSettingSchema, reason });
