import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, currencyCode, money } from './columns';
import { transactionRef } from './ledger';
import { memberRef } from './members';
import { staff } from './staff';

/**
 * Balance adjustments (docs/backoffice.md, the money desk): asked by one staff member, approved
 * or rejected by another (maker-checker). `amount` is signed minor units of the member's wallet
 * currency: positive credits the cash wallet, negative debits it. An approval moves the ledger
 * once (outside credit source `adjustment`, keyed by this row's id) and names its transaction.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: bigId(),
    /**
     * `adjustment`: staff's own credit or debit; `bank_transfer`: a bank transfer that matched
     * no member, credited to the member staff chose (its reference in `bank_reference`).
     */
    kind: varchar('kind', { length: 20 }).notNull().default('adjustment'),
    bankReference: varchar('bank_reference', { length: 64 }),
    /** `slip`: a slip the verifier could not decide, credited by hand under `bank_reference`. */
    slipId: bigint('slip_id', { mode: 'number' }),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => staff.id),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    transactionId: transactionRef(),
    createdAt: createdAt(),
  },
  (t) => [
    index('adjustments_status_idx').on(t.status, t.createdAt),
    index('adjustments_member_idx').on(t.memberId, t.createdAt),
    check('adjustments_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('adjustments_amount_check', sql`${t.amount} <> 0`),
    check('adjustments_kind_check', sql`${t.kind} in ('adjustment', 'bank_transfer', 'slip')`),
    uniqueIndex('adjustments_slip_pending_key').on(t.slipId).where(sql`${t.status} = 'pending'`),
    // One assignment of a bank transfer waits at a time.
    uniqueIndex('adjustments_bank_reference_pending_key')
      .on(t.bankReference)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Withdrawals above the currency's `approvalAbove` wait for staff (CONTRACT.md): the money is
 * held as for any withdrawal (processing to the member), and this row holds the payout until a
 * finance or admin decides. Approved: sent to the payout provider, once; rejected: the held
 * money goes back to the cash wallet and the member's statement says why.
 */
export const withdrawalReviews = pgTable(
  'withdrawal_reviews',
  {
    transactionId: transactionRef().primaryKey(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    bankAccountNo: varchar('bank_account_no', { length: 20 }).notNull(),
    payoutRef: varchar('payout_ref', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('waiting'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawal_reviews_status_idx').on(t.status, t.createdAt),
    check(
      'withdrawal_reviews_status_check',
      sql`${t.status} in ('waiting', 'approved', 'rejected')`,
    ),
  ],
);

/**
 * Payouts to hand to the payout provider (a transactional outbox): written in the transaction
 * that holds the money (or approves a held withdrawal), removed once the provider took it. A
 * crash or a provider error between the two leaves the row, and the sweep hands it over again
 * (the provider dedupes by `ref`), so no approved payout is forgotten.
 */
export const payoutOutbox = pgTable(
  'payout_outbox',
  {
    ref: varchar('ref', { length: 64 }).primaryKey(),
    transactionId: transactionRef().notNull(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    accountNo: varchar('account_no', { length: 20 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('payout_outbox_created_idx').on(t.createdAt)],
);
