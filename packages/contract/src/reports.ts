import { z } from 'zod';
import { CurrencySchema } from './account';
import { TimestampSchema } from './common';
import { qrProviders } from './constants';

/**
 * The operator's reports (docs/backoffice.md, "Reports"): figures per day, week or month of the
 * operator's calendar (Asia/Bangkok), in one currency, read from the ledger. Amounts are in the
 * currency's units (two decimals at most), never mixed with another currency.
 */

export const reportPeriods = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/**
 * Where deposited money came from: the bank feed, a slip, each QR provider, a TrueMoney gift
 * link, staff's own balance adjustments (credits less debits), and the sandbox's deposit button.
 */
export const depositChannels = [
  'bank',
  'slip',
  ...qrProviders.map((provider) => `qr.${provider}` as const),
  'truemoney',
  'manual',
  'sandbox',
] as const;
export type DepositChannel = (typeof depositChannels)[number];

/** What the operator gave away: bonuses (less what was forfeited), refunds, invite rewards, the wheel's coupons. */
export const rewardKinds = ['bonus', 'refund', 'invite', 'coupon'] as const;
export type RewardKind = (typeof rewardKinds)[number];

/** The longest range one report covers, in days: a year and a month of daily rows at most. */
export const REPORT_MAX_DAYS = 400;

const day = z.iso.date({ error: 'KEY_INVALID' });

/** `GET /api/backoffice/reports`: a range of the operator's days, cut into periods. */
export const ReportQuerySchema = z
  .object({
    currency: CurrencySchema,
    period: z.enum(reportPeriods, { error: 'KEY_INVALID' }).default('day'),
    /** The first and last day, both included (YYYY-MM-DD, Asia/Bangkok). */
    from: day,
    to: day,
  })
  .refine((query) => query.from <= query.to, { error: 'KEY_INVALID', path: ['to'] })
  .refine(
    (query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < REPORT_MAX_DAYS,
    { error: 'KEY_INVALID', path: ['from'] },
  );
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const amount = z.number();
const count = z.number().int().min(0);
const Flow = z.object({ amount, count });

/** The figures of one period, or of the whole range (`totals`). */
export const ReportFiguresSchema = z.object({
  deposits: z.object({
    channels: z.record(z.enum(depositChannels), Flow),
    total: Flow,
  }),
  /** Paid out to members' bank accounts (a withdrawal counts when its payout succeeds). */
  withdrawals: Flow,
  /** Deposits less withdrawals. */
  netCashFlow: amount,
  rewards: z.object({
    kinds: z.record(z.enum(rewardKinds), amount),
    total: amount,
  }),
  /**
   * Per game provider: the members' bets (turnover, by when the round was played) and their net
   * loss (GGR, by when the rounds were posted to the ledger).
   */
  games: z.array(z.object({ provider: z.string(), turnover: amount, ggr: amount })),
  ggr: amount,
  /** GGR less every reward. */
  ngr: amount,
  /** New members of this currency per the register form's source ('' for none given). */
  registrations: z.object({ sources: z.record(z.string(), count), total: count }),
  /** Members whose first deposit landed in the period. */
  firstDeposits: count,
  /** Members with at least one movement of money in the period. */
  activeMembers: count,
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportResponseSchema = z.object({
  currency: CurrencySchema,
  period: z.enum(reportPeriods),
  from: z.string(),
  to: z.string(),
  /** One row per period that the range touches, oldest first; `start` is its first day. */
  rows: z.array(ReportFiguresSchema.extend({ start: z.string() })),
  /** The whole range (active members counted once however many periods they were active in). */
  totals: ReportFiguresSchema,
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

// The daily reconciliation.

export const reconciliationChecks = [
  /** Every transaction's entries sum to zero, and so does each currency's ledger. */
  'ledger-balanced',
  /** Every account's balance equals the sum of its entries. */
  'balances-match-entries',
  /** Each member's game balance at a provider equals what the provider reports. */
  'game-balances-match-providers',
  /** Every outside credit has its source record (a bank transfer, a QR, a gift link, a reward). */
  'credits-have-sources',
] as const;
export type ReconciliationCheck = (typeof reconciliationChecks)[number];

export const ReconciliationProblemSchema = z.object({
  check: z.enum(reconciliationChecks),
  /** What does not hold, for staff to look into: an account, a transaction, a credit. */
  subject: z.string(),
  memberId: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The figures that disagree, in the currency's units. */
  expected: z.number().nullable(),
  actual: z.number().nullable(),
  detail: z.string(),
});
export type ReconciliationProblem = z.infer<typeof ReconciliationProblemSchema>;

export const ReconciliationReportSchema = z.object({
  /** The operator's day the report closes (YYYY-MM-DD, Asia/Bangkok). */
  day: z.string(),
  checkedAt: TimestampSchema,
  /** Per check: how many things it looked at and whether all held. */
  checks: z.array(
    z.object({ check: z.enum(reconciliationChecks), checked: count, held: z.boolean() }),
  ),
  problems: z.array(ReconciliationProblemSchema),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;

/** `GET /api/backoffice/reports/reconciliation`: the latest reports, newest first. */
export const ReconciliationListSchema = z.object({
  reports: z.array(ReconciliationReportSchema),
});
