import { z } from 'zod';
import { BannerSchema, TimestampSchema } from './common';
import { MoneyOutSchema } from './money';

/** Bonuses (the spec's screens, entities, states and calls). */

export const bonusTypes = ['limit', 'day', 'week'] as const;
export const BonusTypeSchema = z.enum(bonusTypes);
export type BonusType = z.infer<typeof BonusTypeSchema>;

/**
 * The member's record of one bonus: whether it is the running bonus, and each time it was
 * received (`updatedAt` of each claim).
 */
export const UserBonusSchema = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: TimestampSchema })),
});
export type UserBonus = z.infer<typeof UserBonusSchema>;

/**
 * Bonus (the spec's entities). `maxReceived` is how many times it may be received: in all
 * (limit), per day (day) or per week (week); at least 1. `percentFail` is the percentage
 * shown in the notice (`%percentFail%`). `userBonus` is null until the member first takes it.
 */
export const BonusSchema = z.object({
  code: z.string(),
  type: BonusTypeSchema,
  maxReceived: z.number().int().min(1),
  percentFail: z.number(),
  banners: z.array(BannerSchema),
  userBonus: UserBonusSchema.nullable(),
  // Extra to the spec, so a card can say what the bonus gives (docs/promotions.md): `percent` %
  // of the qualifying deposit of at least `minDeposit`, at most `maxBonus`, turned into cash
  // after bets of `turnoverMultiplier` × (deposit + bonus); `description` is operator HTML.
  percent: z.number(),
  maxBonus: MoneyOutSchema,
  minDeposit: MoneyOutSchema,
  turnoverMultiplier: z.number(),
  description: z.string(),
});
export type Bonus = z.infer<typeof BonusSchema>;

/**
 * The member's running bonus as the bonus page shows it (the issue: the member always sees the
 * turnover done and still needed, and what is locked). `waiting`: activated, paid on the next
 * deposit of at least `minDeposit`. `active`: `bonus` is in the bonus wallet and becomes cash once
 * the bets since it was paid reach `turnoverTarget`; it is cancelled (the bonus wallet forfeited)
 * when the money in play (cash and game accounts) falls to `threshold`. While it runs nothing can
 * be withdrawn: `withdrawable` is 0 and `locked` is everything.
 */
export const BonusProgressSchema = z.object({
  code: z.string(),
  kind: z.enum(['listed', 'promotion']),
  state: z.enum(['waiting', 'active']),
  percent: z.number(),
  percentFail: z.number(),
  maxBonus: MoneyOutSchema,
  minDeposit: MoneyOutSchema,
  deposit: MoneyOutSchema,
  bonus: MoneyOutSchema,
  turnoverDone: MoneyOutSchema,
  turnoverTarget: MoneyOutSchema,
  threshold: MoneyOutSchema,
  inPlay: MoneyOutSchema,
  locked: MoneyOutSchema,
  withdrawable: MoneyOutSchema,
});
export type BonusProgress = z.infer<typeof BonusProgressSchema>;

/**
 * `GET /api/bonus`: the bonuses offered to the member, each with the member's record, and the
 * running bonus's progress (extra to the spec; null when none runs).
 */
export const BonusListResponseSchema = z.object({
  bonuses: z.array(BonusSchema),
  running: BonusProgressSchema.nullable(),
});
export type BonusListResponse = z.infer<typeof BonusListResponseSchema>;

/** The bonus code in `GET /api/bonus/activate/{code}`: trimmed, upper case. */
export const BonusCodeSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(1, { error: 'KEY_MISSING' })
  .max(40, { error: 'KEY_INVALID' })
  .toUpperCase()
  .regex(/^[A-Z0-9_-]+$/, { error: 'KEY_INVALID' });

export const BonusCodeParamsSchema = z.object({ code: BonusCodeSchema });
export type BonusCodeParams = z.infer<typeof BonusCodeParamsSchema>;

/** `GET /api/bonus/activate/{code}` "returns the userBonus": the body is the UserBonus itself. */
export const BonusActivateResponseSchema = UserBonusSchema;
export type BonusActivateResponse = UserBonus;

/** `GET /api/bonus/check/active`: whether a bonus is running, and its type (null when none). */
export const BonusCheckActiveResponseSchema = z.object({
  status: z.boolean(),
  type: BonusTypeSchema.nullable(),
});
export type BonusCheckActiveResponse = z.infer<typeof BonusCheckActiveResponseSchema>;

/**
 * `GET /api/bonus/check/minimum`, whose use the spec does not show. Read as the bonus
 * cancellation threshold of the how-to texts: `status` is true when the member's balance is
 * at or below `minimum`, so the running bonus may be ended. No bonus running: status false,
 * minimum 0.
 */
export const BonusCheckMinimumResponseSchema = z.object({
  status: z.boolean(),
  minimum: MoneyOutSchema,
  balance: MoneyOutSchema,
});
export type BonusCheckMinimumResponse = z.infer<typeof BonusCheckMinimumResponseSchema>;

/** `GET /api/bonus/clear` "returns a message": the catalogue code BONUS_CLEAR. */
export const BonusClearResponseSchema = z.object({ message: z.literal('BONUS_CLEAR') });
export type BonusClearResponse = z.infer<typeof BonusClearResponseSchema>;

// The bonus card (the spec's states).

export const bonusCardStates = ['active', 'exhausted', 'available'] as const;
export type BonusCardState = (typeof bonusCardStates)[number];

/**
 * "Today" and "this week" are counted in Asia/Bangkok time, the operator's day for Thai and
 * Lao players alike (Asia/Vientiane is the same UTC+7). Neither zone has had daylight saving
 * since 1920, so a fixed offset is exact and needs no time-zone data. Weeks start on Monday
 * (ISO 8601).
 */
export const BONUS_TIME_ZONE = 'Asia/Bangkok';
const UTC_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 1970-01-01 was a Thursday: shifting by 3 days puts every Monday at a multiple of 7. */
const EPOCH_TO_MONDAY_DAYS = 3;

function bangkokDay(epochMs: number): number {
  return Math.floor((epochMs + UTC_OFFSET_MS) / DAY_MS);
}

function bangkokWeek(epochMs: number): number {
  return Math.floor((bangkokDay(epochMs) + EPOCH_TO_MONDAY_DAYS) / 7);
}

/** How many times the bonus counts as received in the period its type limits. */
export function receivedInPeriod(bonus: Pick<Bonus, 'type' | 'userBonus'>, now: Date): number {
  const times = (bonus.userBonus?.received ?? [])
    .map((entry) => Date.parse(entry.updatedAt))
    .filter((time) => !Number.isNaN(time));
  const nowMs = now.getTime();
  switch (bonus.type) {
    case 'limit':
      return times.length;
    case 'day':
      return times.filter((time) => bangkokDay(time) === bangkokDay(nowMs)).length;
    case 'week':
      return times.filter((time) => bangkokWeek(time) === bangkokWeek(nowMs)).length;
  }
}

/**
 * The spec's states: the running bonus is `active` (the current marker); one received
 * `maxReceived` times in its period is `exhausted` (not clickable); any other is `available`.
 */
export function bonusCardState(
  bonus: Pick<Bonus, 'type' | 'maxReceived' | 'userBonus'>,
  now: Date,
): BonusCardState {
  if (bonus.userBonus?.isActive) return 'active';
  return receivedInPeriod(bonus, now) >= bonus.maxReceived ? 'exhausted' : 'available';
}
