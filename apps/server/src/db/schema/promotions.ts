import type { LocalText } from '@wallet/contract/common';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, currencyCode, money } from './columns';
import { ledgerTransactions, transactionRef } from './ledger';
import { memberRef } from './members';

/**
 * The prize wheel (the spec's screens, entities, states and calls; docs/promotions.md). At most one wheel is
 * active. A deposit earns one coin per `deposit_per_coin` minor units while a wheel is active.
 */
export const spinwheels = pgTable(
  'spinwheels',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(false),
    currency: currencyCode().notNull(),
    depositPerCoin: money('deposit_per_coin').notNull(),
    // How long a coupon the wheel gives can be claimed.
    couponDays: integer('coupon_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('spinwheels_one_active_key').on(t.active).where(sql`${t.active}`),
    check('spinwheels_deposit_per_coin_check', sql`${t.depositPerCoin} > 0`),
    check('spinwheels_coupon_days_check', sql`${t.couponDays} > 0`),
  ],
);

/**
 * A slice of a wheel: what it shows and what it gives. The server picks a slice with odds
 * proportional to `weight`; `prize_kind` none gives nothing, cash and bonus a coupon of
 * `prize_amount` for that wallet.
 */
export const spinSlices = pgTable(
  'spin_slices',
  {
    id: serial('id').primaryKey(),
    wheelId: integer('wheel_id')
      .notNull()
      .references(() => spinwheels.id),
    code: varchar('code', { length: 40 }).notNull(),
    label: text('label').notNull(),
    bgColor: varchar('bg_color', { length: 20 }).notNull(),
    textColor: varchar('text_color', { length: 20 }).notNull(),
    // Operator HTML in each language (docs/decisions/0064).
    htmlDescription: jsonb('html_description').$type<LocalText>().notNull(),
    weight: integer('weight').notNull(),
    prizeKind: varchar('prize_kind', { length: 8 }).notNull(),
    prizeAmount: money('prize_amount').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('spin_slices_wheel_code_key').on(t.wheelId, t.code),
    check('spin_slices_weight_check', sql`${t.weight} >= 0`),
    check('spin_slices_prize_kind_check', sql`${t.prizeKind} in ('none', 'cash', 'bonus')`),
    check(
      'spin_slices_prize_amount_check',
      sql`(${t.prizeKind} = 'none' and ${t.prizeAmount} = 0) or (${t.prizeKind} <> 'none' and ${t.prizeAmount} > 0)`,
    ),
  ],
);

/** Every spin: who, which wheel, where it stopped (the coin it cost is gone from members.coin). */
export const spins = pgTable(
  'spins',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    wheelId: integer('wheel_id')
      .notNull()
      .references(() => spinwheels.id),
    sliceId: integer('slice_id')
      .notNull()
      .references(() => spinSlices.id),
    createdAt: createdAt(),
  },
  (t) => [index('spins_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * A prize won on the wheel, to be claimed once before it expires (the spec's states, coupon
 * claim). Claimed by one conditional update, then credited once (Ledger.credit, source `coupon`,
 * reference the coupon's id) and linked to its transaction.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    spinId: bigint('spin_id', { mode: 'number' })
      .notNull()
      .references(() => spins.id)
      .unique('coupons_spin_key'),
    sliceId: integer('slice_id')
      .notNull()
      .references(() => spinSlices.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    transactionId: transactionRef(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupons_member_idx').on(t.memberId, t.state, t.createdAt),
    index('coupons_claimed_unlinked_idx')
      .on(t.claimedAt)
      .where(sql`${t.state} = 'claimed' and ${t.transactionId} is null`),
    check('coupons_kind_check', sql`${t.kind} in ('cash', 'bonus')`),
    check('coupons_state_check', sql`${t.state} in ('open', 'claimed')`),
    check('coupons_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The rewards a deposit earned, once per deposit (its ledger transaction; docs/promotions.md):
 * the coins of the active wheel. The row is written in the statement that adds the coins, so a
 * repeat adds none.
 */
export const depositRewards = pgTable('deposit_rewards', {
  transactionId: bigint('transaction_id', { mode: 'number' })
    .primaryKey()
    .references(() => ledgerTransactions.id),
  memberId: memberRef().notNull(),
  coins: integer('coins').notNull(),
  createdAt: createdAt(),
});

/**
 * The operator's bonuses (the spec's entities; docs/promotions.md). A `listed` bonus shows on the
 * bonus page; a `promotion` is found by its code. Percentages are whole percents; money is minor
 * units of `currency`.
 */
/** The rules of a bonus a take keeps (money in minor units). */
export type BonusTerms = {
  percent: number;
  maxBonus: number;
  minDeposit: number;
  turnoverMultiplier: number;
  percentFail: number;
};

export const bonuses = pgTable(
  'bonuses',
  {
    code: varchar('code', { length: 40 }).primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    maxReceived: integer('max_received').notNull(),
    currency: currencyCode().notNull(),
    // The bonus paid on the qualifying deposit: percent of it, at most max_bonus.
    percent: integer('percent').notNull(),
    maxBonus: money('max_bonus').notNull(),
    minDeposit: money('min_deposit').notNull(),
    // Turnover to finish: (deposit + bonus) × turnover_multiplier, in bets.
    turnoverMultiplier: integer('turnover_multiplier').notNull(),
    // Cancelled when the money in play falls to percent_fail % of (deposit + bonus).
    percentFail: integer('percent_fail').notNull(),
    // Operator HTML in each language (docs/decisions/0064).
    description: jsonb('description').$type<LocalText>().notNull(),
    banners: jsonb('banners').$type<{ image: string; html: LocalText }[]>().notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check('bonuses_kind_check', sql`${t.kind} in ('listed', 'promotion')`),
    check('bonuses_type_check', sql`${t.type} in ('limit', 'day', 'week')`),
    check('bonuses_max_received_check', sql`${t.maxReceived} >= 1`),
    check('bonuses_percent_check', sql`${t.percent} between 1 and 1000`),
    check('bonuses_max_bonus_check', sql`${t.maxBonus} > 0`),
    check('bonuses_min_deposit_check', sql`${t.minDeposit} > 0`),
    check('bonuses_turnover_check', sql`${t.turnoverMultiplier} >= 0`),
    check('bonuses_percent_fail_check', sql`${t.percentFail} between 0 and 100`),
  ],
);

/**
 * A member's take of a bonus (the spec's userBonus): `waiting` for the qualifying deposit, then
 * `active` once the bonus is paid into the bonus wallet, until it ends: `finished` (turnover met,
 * the bonus wallet moved to cash), `cancelled` (the money in play fell to the threshold) or
 * `cleared` (the member ended it); the bonus wallet is forfeited on the last two. At most one
 * waiting or active bonus per member, by a partial unique index. Each money movement is once per
 * (source, reference) through the ledger, the reference being this row's id.
 */
export const memberBonuses = pgTable(
  'member_bonuses',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    bonusCode: varchar('bonus_code', { length: 40 })
      .notNull()
      .references(() => bonuses.code),
    state: varchar('state', { length: 10 }).notNull(),
    createdAt: createdAt(),
    /**
     * The bonus's rules as they were when the member took it: a later change in the back office
     * applies to later takes only (docs/promotions.md).
     */
    terms: jsonb('terms').$type<BonusTerms>().notNull(),
    depositAmount: money('deposit_amount'),
    bonusAmount: money('bonus_amount'),
    turnoverTarget: money('turnover_target'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidTransactionId: bigint('paid_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // The movement that ended it (finish or forfeit), once made; null when there was nothing.
    endTransactionId: bigint('end_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    endSettled: boolean('end_settled').notNull().default(false),
  },
  (t) => [
    uniqueIndex('member_bonuses_running_key')
      .on(t.memberId)
      .where(sql`${t.state} in ('waiting', 'active')`),
    index('member_bonuses_member_idx').on(t.memberId, t.bonusCode, t.createdAt),
    index('member_bonuses_unsettled_idx')
      .on(t.endedAt)
      .where(sql`${t.endedAt} is not null and not ${t.endSettled}`),
    check(
      'member_bonuses_state_check',
      sql`${t.state} in ('waiting', 'active', 'finished', 'cancelled', 'cleared')`,
    ),
  ],
);

/**
 * Loss refunds a member received (the spec refund log): the rounds it counted point at it. Paid
 * into the cash wallet by `GET /api/refund/addWallet`, once (Ledger.credit, source `refund`,
 * reference this id).
 */
export const refundClaims = pgTable(
  'refund_claims',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transactionId: transactionRef(),
  },
  (t) => [
    index('refund_claims_member_idx').on(t.memberId, t.createdAt),
    check('refund_claims_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Invite bonuses an inviter collected (`GET /api/invite/bonus`): the invited friends' rounds it
 * counted point at it, and it is credited once (Ledger.credit, source `invite`, reference this id).
 */
export const inviteCollections = pgTable(
  'invite_collections',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    createdAt: createdAt(),
    transactionId: transactionRef(),
  },
  (t) => [
    index('invite_collections_member_idx').on(t.memberId, t.createdAt),
    check('invite_collections_amount_check', sql`${t.amount} > 0`),
  ],
);
