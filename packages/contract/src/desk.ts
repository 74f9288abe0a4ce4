import { z } from 'zod';
import { BonusProgressSchema } from './bonus';
import { RowIdSchema, RowIdTextSchema, TimestampSchema } from './common';
import { type SlipNoteCode, slipNoteReasons } from './errors';
import { MAX_MONEY } from './money';

const slipNoteCodes = Object.keys(slipNoteReasons) as [SlipNoteCode, ...SlipNoteCode[]];

import { StaffIdParamsSchema, staffPageQuery } from './staff';
import { MemberFlagSchema } from './staff-members';

/**
 * The back office's money desk (CONTRACT.md, "Back office (staff) API"; docs/backoffice.md):
 * balance adjustments, asked by one staff member and approved by another.
 */

const twoDecimals = (value: number) => Math.round(value * 100) / 100 === value;

/** Signed money: positive credits the member's cash wallet, negative debits it; never 0. */
export const SignedMoneySchema = z
  .number({ error: 'KEY_INVALID' })
  .finite({ error: 'KEY_INVALID' })
  .refine((value) => value !== 0 && Math.abs(value) <= MAX_MONEY && twoDecimals(value), {
    error: 'KEY_INVALID',
  });

const reason = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .min(3, { error: 'KEY_MISSING' })
  .max(500, { error: 'KEY_INVALID' });

/** `POST /api/backoffice/adjustments`: `amount` in the member's wallet currency. */
export const AdjustmentRequestSchema = z.object({
  memberId: RowIdSchema,
  amount: SignedMoneySchema,
  reason,
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;

export const adjustmentStatuses = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

export const AdjustmentStateSchema = z.object({
  id: z.number().int(),
  status: z.enum(adjustmentStatuses),
});

export const AdjustmentSchema = AdjustmentStateSchema.extend({
  /** `adjustment`: a credit or debit staff asked for; `bank_transfer`: a kept transfer assigned. */
  kind: z.enum(['adjustment', 'bank_transfer', 'slip']),
  bankReference: z.string().nullable(),
  /** The undecided slip a `slip` adjustment credits. */
  slipId: z.number().int().nullable(),
  memberId: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

export const AdjustmentListQuerySchema = z
  .object({
    status: z.enum(adjustmentStatuses, { error: 'KEY_INVALID' }).optional(),
    memberId: RowIdTextSchema.optional(),
  })
  .extend(staffPageQuery(['createdAt', 'amount'], { sort: 'createdAt', order: 'desc' }).shape);
export const AdjustmentListResponseSchema = z.object({
  adjustments: z.array(AdjustmentSchema),
  total: z.number().int(),
});

export const AdjustmentIdParamsSchema = StaffIdParamsSchema;
export const RejectionSchema = z.object({ reason });

// Withdrawals that wait for staff (CONTRACT.md: above `withdrawApprovalAbove`).

export const withdrawalReviewStatuses = ['waiting', 'approved', 'rejected'] as const;

/** The queue oldest first; `limit` 50 unless asked, so a plain `?status=waiting` sees a day's. */
export const WithdrawalListQuerySchema = z
  .object({
    status: z.enum(withdrawalReviewStatuses, { error: 'KEY_INVALID' }).default('waiting'),
  })
  .extend(
    staffPageQuery(['createdAt', 'amount'], { sort: 'createdAt', order: 'asc', limit: 50 }).shape,
  );

export const WithdrawalReviewSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  createdAt: TimestampSchema,
  status: z.enum(withdrawalReviewStatuses),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  /** What decides, inline (docs/backoffice.md): the member's account age and today's money. */
  memberSince: TimestampSchema,
  depositsToday: z.number(),
  withdrawalsToday: z.number(),
  /** Whether a paid bonus runs: its turnover is not done (a member cannot withdraw then). */
  bonusRunning: z.boolean(),
  /** The bonus taken and not ended, with its turnover made and to make; null when none. */
  bonus: BonusProgressSchema.nullable(),
  /** What a human should look at about the member (as on their page). */
  flags: z.array(MemberFlagSchema),
});
export type WithdrawalReview = z.infer<typeof WithdrawalReviewSchema>;

export const WithdrawalListResponseSchema = z.object({
  withdrawals: z.array(WithdrawalReviewSchema),
  /** How many are in this state, over every page. */
  total: z.number().int(),
  /** Over every page of the state: the sum per currency and the oldest, for the queue's header. */
  summary: z.object({
    totals: z.array(
      z.object({ currency: z.string(), count: z.number().int(), amount: z.number() }),
    ),
    oldestAt: TimestampSchema.nullable(),
  }),
});
export type WithdrawalListResponse = z.infer<typeof WithdrawalListResponseSchema>;

export const WithdrawalStateSchema = z.object({
  id: z.number().int(),
  status: z.enum(withdrawalReviewStatuses),
});

export const WithdrawalIdParamsSchema = StaffIdParamsSchema;

// Bank transfers that matched no member (kept for the operator).

export const KeptTransferSchema = z.object({
  reference: z.string(),
  bankCode: z.string(),
  accountNo: z.string(),
  amount: z.number(),
  currency: z.string(),
  toAccountNo: z.string(),
  receivedAt: TimestampSchema,
  /** The assignment to a member that waits for a second staff member's approval, if any. */
  pending: z
    .object({ adjustmentId: z.number().int(), requestedBy: z.string(), memberId: z.number().int() })
    .nullable(),
});
export type KeptTransfer = z.infer<typeof KeptTransferSchema>;
export const KeptTransferListResponseSchema = z.object({ transfers: z.array(KeptTransferSchema) });

export const BankReferenceParamsSchema = z.object({
  reference: z.string({ error: 'KEY_INVALID' }).min(1).max(64, { error: 'KEY_INVALID' }),
});

/** `POST /api/backoffice/bank-transfers/{reference}/assign`: asks to credit it to a member. */
export const AssignTransferSchema = z.object({
  memberId: RowIdSchema,
  reason,
});

// Game transfers held on a provider's unknown answer.

export const HeldTransferSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  from: z.string(),
  to: z.string(),
  providerCode: z.string(),
  amount: z.number(),
  currency: z.string(),
  createdAt: TimestampSchema,
});
export type HeldTransfer = z.infer<typeof HeldTransferSchema>;
export const HeldTransferListResponseSchema = z.object({ transfers: z.array(HeldTransferSchema) });

/** `POST /api/backoffice/transfers/{id}/retry`: the provider's answer, or still held. */
export const RetryTransferResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(['success', 'failed', 'processing']),
});

// The dashboard: today, in the operator's time zone (Asia/Bangkok, which Laos shares).

const Figure = z.object({ count: z.number().int(), amount: z.number() });

export const DashboardSchema = z.object({
  /** The day the figures are of, YYYY-MM-DD in Asia/Bangkok. */
  day: z.string(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      /** Credited deposits by channel: bank (the feed and slips), qr, truemoney, sandbox. */
      deposits: z.array(Figure.extend({ channel: z.string() })),
      /** Withdrawals asked today, and those of them paid out. */
      withdrawals: Figure,
      paid: Figure,
    }),
  ),
  members: z.object({ registered: z.number().int(), firstDeposits: z.number().int() }),
  /** What waits for staff, with the oldest wait. */
  waiting: z.array(
    z.object({
      what: z.enum([
        'withdrawals',
        'adjustments',
        'bank-transfers',
        'slips',
        'held-transfers',
        'chats',
      ]),
      count: z.number().int(),
      oldest: TimestampSchema.nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

// Slips the verifier could not decide (unreadable, no answer, a reference that moved).

export const UndecidedSlipSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  currency: z.string(),
  /** What the verifier said (slipNoteReasons' codes). */
  note: z.string(),
  createdAt: TimestampSchema,
  /** The picture, behind a signed link valid for minutes. */
  link: z.string(),
  /** The credit staff asked for that waits for a second staff member's approval, if any. */
  pending: z
    .object({
      adjustmentId: z.number().int(),
      requestedBy: z.string(),
      amount: z.number(),
      reference: z.string(),
    })
    .nullable(),
});
export const UndecidedSlipListResponseSchema = z.object({ slips: z.array(UndecidedSlipSchema) });

/** `POST /api/backoffice/slips/{id}/approve`: what staff read off the picture. */
export const SlipByHandSchema = z.object({
  amount: z
    .number({ error: 'KEY_INVALID' })
    .refine((value) => value > 0 && value <= MAX_MONEY && twoDecimals(value), {
      error: 'KEY_INVALID',
    }),
  reference: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(4, { error: 'KEY_MISSING' })
    .max(64, { error: 'KEY_INVALID' }),
  reason,
});
export type SlipByHand = z.infer<typeof SlipByHandSchema>;

/** `POST /api/backoffice/slips/{id}/reject`: a reason from the slip reason table, and why. */
export const SlipRejectionSchema = z.object({
  note: z.enum(slipNoteCodes, { error: 'KEY_INVALID' }),
  reason,
});
