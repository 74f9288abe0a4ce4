import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, currencyCode, money } from './columns';
import { transactionRef } from './ledger';
import { memberRef } from './members';

/**
 * The operator's receiving accounts (the spec's entities, deposit account): bank accounts and
 * payment-provider QR accounts. Names are kept on the row: WW, PAYTIMZ and PAYONEX are not
 * banks a member registers with.
 */
export const depositAccounts = pgTable(
  'deposit_accounts',
  {
    id: serial('id').primaryKey(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    // BANK or PAYMENT (a payment provider's QR).
    bankType: varchar('bank_type', { length: 8 }).notNull(),
    // AUTO (credited by the bank feed or the provider) or MANUAL (needs a slip).
    mode: varchar('mode', { length: 8 }).notNull(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    accountNo: varchar('account_no', { length: 20 }).notNull(),
    currency: currencyCode().notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  // Issue 33: staff add accounts; one bank account twice would make the bank feed's match a guess.
  (t) => [uniqueIndex('deposit_accounts_bank_account_key').on(t.bankCode, t.accountNo)],
);

/** The operator's TrueMoney wallets (the spec's entities, wallet account): AUTO or GIFT_LINK. */
export const truemoneyAccounts = pgTable('truemoney_accounts', {
  id: serial('id').primaryKey(),
  mode: varchar('mode', { length: 12 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Every incoming transfer the bank feed reports, matched or not (docs/decisions/0040): a
 * transfer from a member's registered account is credited (`transaction_id`); one that matches
 * no member is kept here for the operator, never credited to a guess.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: bigId(),
    reference: varchar('reference', { length: 64 })
      .notNull()
      .unique('bank_transfers_reference_key'),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    accountNo: varchar('account_no', { length: 20 }).notNull(),
    amount: money('amount').notNull(),
    // The operator's receiving account and so the amount's currency (issue 30); null on the
    // reports kept before the feed named them.
    toAccountNo: varchar('to_account_no', { length: 20 }),
    currency: currencyCode(),
    memberId: memberRef(),
    transactionId: transactionRef(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // A transfer nobody could be credited with, sent back by the operator (docs/backoffice.md).
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundNote: text('refund_note'),
  },
  (t) => [
    index('bank_transfers_unmatched_idx').on(t.receivedAt).where(sql`${t.memberId} is null`),
    check('bank_transfers_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A TrueMoney gift link a member handed in (docs/decisions/0041-gift-links.md): claimed before
 * it is redeemed at TrueMoney (`redeeming`), so two members racing for one link cannot both
 * redeem it and a redemption whose request died is completed by the settler; `credited` once
 * its money is in the member's wallet (Ledger.credit, source `truemoney`, reference the code).
 */
export const giftLinks = pgTable(
  'gift_links',
  {
    code: varchar('code', { length: 64 }).primaryKey(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    // Which request claimed it: its Idempotency-Key (a retry of that request may go on where it
    // stopped), or a random token for a request without one.
    claimedBy: varchar('claimed_by', { length: 140 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_links_redeeming_idx').on(t.createdAt).where(sql`${t.state} = 'redeeming'`),
    check('gift_links_state_check', sql`${t.state} in ('redeeming', 'credited')`),
  ],
);

/**
 * A payment provider's QR a member created to deposit (the spec's states, QR deposit flow;
 * docs/decisions/0042). `live` until it is paid (the provider's signed callback), cancelled by
 * the member or expired; at most one live QR per member and provider. A paid QR is credited once
 * (Ledger.credit, source `qr`, reference the QR's id) and linked to its transaction.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    provider: varchar('provider', { length: 12 }).notNull(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    // What the QR image encodes (an EMVCo payload), and the provider's own id for the order.
    payload: text('payload').notNull(),
    providerRef: varchar('provider_ref', { length: 64 }).notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    transactionId: transactionRef(),
  },
  (t) => [
    uniqueIndex('qr_codes_live_key').on(t.memberId, t.provider).where(sql`${t.state} = 'live'`),
    index('qr_codes_live_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'live'`),
    index('qr_codes_paid_unlinked_idx')
      .on(t.settledAt)
      .where(sql`${t.state} = 'paid' and ${t.transactionId} is null`),
    check('qr_codes_amount_check', sql`${t.amount} > 0`),
    check('qr_codes_state_check', sql`${t.state} in ('live', 'paid', 'cancelled', 'expired')`),
  ],
);

/**
 * Every paid callback a payment provider sent, with what became of it (credited, replayed, late,
 * amount mismatch, unknown QR): the operator's record of refused and repeated reports. Callbacks
 * whose signature does not verify are logged, not stored (anyone can send them).
 */
export const qrCallbacks = pgTable(
  'qr_callbacks',
  {
    id: bigId(),
    provider: varchar('provider', { length: 12 }).notNull(),
    qrcodeId: varchar('qrcode_id', { length: 100 }),
    paymentId: varchar('payment_id', { length: 100 }),
    amount: money('amount'),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qr_callbacks_qrcode_idx').on(t.qrcodeId)],
);

/**
 * A deposit slip a member uploaded (the spec's screens, entities and calls): the image in the slip storage
 * (`file_key`), `processing` until the verifier reads it, then `success` (credited once through
 * Ledger.credit, source `bank`, reference the bank's transaction reference, so the same transfer
 * reported by the bank feed lands once) or `failed` with the verifier's reason in `note`.
 */
export const slips = pgTable(
  'slips',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    fileKey: varchar('file_key', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    size: integer('size').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    note: varchar('note', { length: 32 }),
    // Read off the slip's QR by the verifier: the sending bank and the transaction reference.
    reference: varchar('reference', { length: 64 }),
    sendingBank: varchar('sending_bank', { length: 8 }),
    amount: money('amount').notNull().default(0),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    transactionId: transactionRef(),
    createdAt: createdAt(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // A slip the verifier could not decide, looked at by staff (docs/backoffice.md).
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
  },
  (t) => [
    index('slips_member_idx').on(t.memberId, t.createdAt),
    index('slips_processing_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`),
    index('slips_reference_idx').on(t.reference),
    check('slips_status_check', sql`${t.status} in ('processing', 'success', 'failed')`),
    check('slips_amount_check', sql`${t.amount} >= 0`),
  ],
);
