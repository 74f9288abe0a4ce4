import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The database. Money is `bigint` minor units (satang or kip cents), never a float.
 * Timestamps are `timestamptz` so PostgreSQL and
 * PGlite agree whatever the server's time zone.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const banks = pgTable('banks', {
  code: varchar('code', { length: 20 }).primaryKey(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
  // 'TH' or 'LA': the Thai variant offers Thai banks only (docs/decisions/0011-variant-banks.md).
  country: varchar('country', { length: 2 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const sources = pgTable('sources', {
  code: varchar('code', { length: 40 }).primaryKey(),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const members = pgTable(
  'members',
  {
    // The invite code is 'PR' + id (SPEC.md section 9) and the profile shows it, so a new
    // member's id is random, not the next number (account.repository.ts insertMember;
    // docs/decisions/0055-member-ids.md). Rows from before keep theirs.
    id: integer('id').primaryKey(),
    username: varchar('username', { length: 20 }).notNull().unique('members_username_key'),
    name: varchar('name', { length: 100 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    bankCode: varchar('bank_code', { length: 20 })
      .notNull()
      .references(() => banks.code),
    bankAccountName: varchar('bank_account_name', { length: 100 }).notNull(),
    bankAccountNo: varchar('bank_account_no', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 4 }).notNull().default('BAHT'),
    sourceCode: varchar('source_code', { length: 40 }).references(() => sources.code),
    inviterId: integer('inviter_id'),
    coin: integer('coin').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One payout account belongs to one member: EXISTING_BANK (SPEC.md section 8).
    unique('members_bank_account_key').on(t.bankCode, t.bankAccountNo),
    foreignKey({ columns: [t.inviterId], foreignColumns: [t.id], name: 'members_inviter_fk' }),
    index('members_inviter_idx').on(t.inviterId),
    check('members_currency_check', sql`${t.currency} in ('BAHT', 'LAK')`),
    check('members_coin_check', sql`${t.coin} >= 0`),
  ],
);

/**
 * Sign-in sessions. Only the SHA-256 of the token is stored, so a copy of this table cannot
 * sign anyone in. `member_id` has no foreign key on purpose: a session is an auth record,
 * and a token whose member row is gone must answer INVALID_USER_3 (docs/architecture.md)
 * rather than block the deletion or vanish silently.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    memberId: integer('member_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/**
 * One-time passwords sent to a phone. The request token is stored hashed, the code is stored
 * as SHA-256(token:code) so neither a leaked row nor a leaked token alone reveals it.
 * `attempts` counts every verify call (docs/decisions/0012-otp.md).
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    ref: varchar('ref', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // Set when the verified phone registers, or when a newer code supersedes this one.
    usedAt: timestamp('used_at', { withTimezone: true }),
    // Set on the fifth wrong code: the phone can neither verify nor receive codes until then.
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('otp_requests_phone_idx').on(t.phone, t.createdAt)],
);

/** Operator content and switches, one JSON value per key (src/domains/settings). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gameProviders = pgTable(
  'game_providers',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    background: text('background').notNull(),
    // SPEC.md section 1: sport and casino are shown together as 'sport'.
    category: varchar('category', { length: 10 }).notNull(),
    web: text('web'),
    android: text('android'),
    ios: text('ios'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('game_providers_category_check', sql`${t.category} in ('slot', 'sport', 'lotto')`)],
);

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * The ledger (docs/decisions/0030-ledger.md). Every balance is a row here; every movement is
 * one ledger_transactions row with entries that sum to zero (a deferred constraint trigger in
 * the SQL migration checks it at commit). A member's balance can never go negative: the CHECK
 * refuses it whatever the code does.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id),
    // Member kinds: cash, bonus, game, transfer_hold, pending_withdrawal.
    // Operator kinds: deposits, payouts, bonuses, prizes, game_results.
    kind: varchar('kind', { length: 24 }).notNull(),
    // '' for every kind but game: a plain column keeps the unique key simple on PGlite too.
    providerCode: varchar('provider_code', { length: 20 }).notNull().default(''),
    currency: varchar('currency', { length: 4 }).notNull(),
    balance: money('balance').notNull().default(0),
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
  },
  (t) => [
    unique('ledger_accounts_owner_key')
      .on(t.memberId, t.kind, t.providerCode, t.currency)
      .nullsNotDistinct(),
    check('ledger_accounts_balance_check', sql`${t.mayGoNegative} or ${t.balance} >= 0`),
    check(
      'ledger_accounts_negative_only_operator',
      sql`not ${t.mayGoNegative} or ${t.memberId} is null`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').references(() => members.id),
    // deposit, bonus, finish_bonus, withdraw, transfer (the statement) and game_result.
    type: varchar('type', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    fromAccount: varchar('from_account', { length: 20 }).notNull(),
    toAccount: varchar('to_account', { length: 20 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    description: jsonb('description'),
    providerCode: varchar('provider_code', { length: 20 }),
    // Our reference, sent to the provider so that a retry is idempotent there.
    providerRef: varchar('provider_ref', { length: 40 }).unique('ledger_transactions_ref_key'),
    // The Idempotency-Key of the request that opened it (docs/decisions/0036), with member_id.
    requestKey: varchar('request_key', { length: 128 }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('ledger_transactions_member_idx').on(t.memberId, t.createdAt, t.id),
    index('ledger_transactions_request_idx')
      .on(t.memberId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('ledger_transactions_processing_idx')
      .on(t.type, t.createdAt)
      .where(sql`${t.status} = 'processing'`),
    check('ledger_transactions_amount_check', sql`${t.amount} >= 0`),
    check(
      'ledger_transactions_status_check',
      sql`${t.status} in ('processing', 'success', 'failed')`,
    ),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);

/**
 * Money that reaches a member from outside (docs/decisions/0038-outside-credits.md): a deposit
 * (the bank's transfer reference, a QR provider's payment id, a gift link's id) or a reward (its
 * own id). The unique (source, reference) decides that it is credited once: the row and the
 * ledger transaction it points to are written by one statement, and a replay or a race between
 * processes inserts nothing and reads the row that won.
 */
export const outsideCredits = pgTable(
  'outside_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: varchar('source', { length: 24 }).notNull(),
    reference: varchar('reference', { length: 128 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('outside_credits_source_key').on(t.source, t.reference),
    index('outside_credits_member_idx').on(t.memberId, t.createdAt),
    check('outside_credits_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The operator's receiving accounts (SPEC.md section 3, deposit account): bank accounts and
 * payment-provider QR accounts. Names are kept on the row: WW, PAYTIMZ and PAYONEX are not
 * banks a member registers with.
 */
export const depositAccounts = pgTable('deposit_accounts', {
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
  currency: varchar('currency', { length: 4 }).notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** The operator's TrueMoney wallets (SPEC.md section 3, wallet account): AUTO or GIFT_LINK. */
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: varchar('reference', { length: 64 })
      .notNull()
      .unique('bank_transfers_reference_key'),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    accountNo: varchar('account_no', { length: 20 }).notNull(),
    amount: money('amount').notNull(),
    // The operator's receiving account and so the amount's currency (issue 30); null on the
    // reports kept before the feed named them.
    toAccountNo: varchar('to_account_no', { length: 20 }),
    currency: varchar('currency', { length: 4 }),
    memberId: integer('member_id').references(() => members.id),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
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
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
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
 * A payment provider's QR a member created to deposit (SPEC.md section 4, QR deposit flow;
 * docs/decisions/0042). `live` until it is paid (the provider's signed callback), cancelled by
 * the member or expired; at most one live QR per member and provider. A paid QR is credited once
 * (Ledger.credit, source `qr`, reference the QR's id) and linked to its transaction.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    provider: varchar('provider', { length: 12 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    // What the QR image encodes (an EMVCo payload), and the provider's own id for the order.
    payload: text('payload').notNull(),
    providerRef: varchar('provider_ref', { length: 64 }).notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
 * A deposit slip a member uploaded (SPEC.md sections 2, 3 and 7): the image in the slip storage
 * (`file_key`), `processing` until the verifier reads it, then `success` (credited once through
 * Ledger.credit, source `bank`, reference the bank's transaction reference, so the same transfer
 * reported by the bank feed lands once) or `failed` with the verifier's reason in `note`.
 */
export const slips = pgTable(
  'slips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
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
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: createdAt(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('slips_member_idx').on(t.memberId, t.createdAt),
    index('slips_processing_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`),
    index('slips_reference_idx').on(t.reference),
    check('slips_status_check', sql`${t.status} in ('processing', 'success', 'failed')`),
    check('slips_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The prize wheel (SPEC.md sections 2, 3, 4 and 7; docs/promotions.md). At most one wheel is
 * active. A deposit earns one coin per `deposit_per_coin` minor units while a wheel is active.
 */
export const spinwheels = pgTable(
  'spinwheels',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(false),
    currency: varchar('currency', { length: 4 }).notNull(),
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
    htmlDescription: text('html_description').notNull(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
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
 * A prize won on the wheel, to be claimed once before it expires (SPEC.md section 4, coupon
 * claim). Claimed by one conditional update, then credited once (Ledger.credit, source `coupon`,
 * reference the coupon's id) and linked to its transaction.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    spinId: bigint('spin_id', { mode: 'number' })
      .notNull()
      .references(() => spins.id)
      .unique('coupons_spin_key'),
    sliceId: integer('slice_id')
      .notNull()
      .references(() => spinSlices.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
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
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  coins: integer('coins').notNull(),
  createdAt: createdAt(),
});

/**
 * The operator's bonuses (SPEC.md section 3; docs/promotions.md). A `listed` bonus shows on the
 * bonus page; a `promotion` is found by its code. Percentages are whole percents; money is minor
 * units of `currency`.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    code: varchar('code', { length: 40 }).primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    maxReceived: integer('max_received').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    // The bonus paid on the qualifying deposit: percent of it, at most max_bonus.
    percent: integer('percent').notNull(),
    maxBonus: money('max_bonus').notNull(),
    minDeposit: money('min_deposit').notNull(),
    // Turnover to finish: (deposit + bonus) × turnover_multiplier, in bets.
    turnoverMultiplier: integer('turnover_multiplier').notNull(),
    // Cancelled when the money in play falls to percent_fail % of (deposit + bonus).
    percentFail: integer('percent_fail').notNull(),
    description: text('description').notNull(),
    banners: jsonb('banners').$type<{ image: string; html: string }[]>().notNull(),
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
 * A member's take of a bonus (SPEC.md userBonus): `waiting` for the qualifying deposit, then
 * `active` once the bonus is paid into the bonus wallet, until it ends: `finished` (turnover met,
 * the bonus wallet moved to cash), `cancelled` (the money in play fell to the threshold) or
 * `cleared` (the member ended it); the bonus wallet is forfeited on the last two. At most one
 * waiting or active bonus per member, by a partial unique index. Each money movement is once per
 * (source, reference) through the ledger, the reference being this row's id.
 */
export const memberBonuses = pgTable(
  'member_bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bonusCode: varchar('bonus_code', { length: 40 })
      .notNull()
      .references(() => bonuses.code),
    state: varchar('state', { length: 10 }).notNull(),
    createdAt: createdAt(),
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
 * The rounds each member played at each provider, as the provider's bet history gave them when
 * the game account was synced (GamesService.sync, in the transaction that posts their result):
 * the turnover of bonuses, and later refunds and invite rewards, are counted from here.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    providerCode: varchar('provider_code', { length: 20 }).notNull(),
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    bet: money('bet').notNull(),
    win: money('win').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    // The refund claim and the invite collection that counted this round: each round counts
    // once for each, taken by a conditional update (docs/promotions.md).
    refundClaimId: bigint('refund_claim_id', { mode: 'number' }),
    inviteCollectionId: bigint('invite_collection_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.providerCode, t.roundId] }),
    index('game_rounds_member_played_idx').on(t.memberId, t.playedAt),
    index('game_rounds_unrefunded_idx')
      .on(t.memberId, t.playedAt)
      .where(sql`${t.refundClaimId} is null`),
    index('game_rounds_uncollected_idx').on(t.memberId).where(sql`${t.inviteCollectionId} is null`),
  ],
);

/**
 * Loss refunds a member received (SPEC.md refund log): the rounds it counted point at it. Paid
 * into the cash wallet by `GET /api/refund/addWallet`, once (Ledger.credit, source `refund`,
 * reference this id).
 */
export const refundClaims = pgTable(
  'refund_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 4 }).notNull(),
    createdAt: createdAt(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
  },
  (t) => [
    index('invite_collections_member_idx').on(t.memberId, t.createdAt),
    check('invite_collections_amount_check', sql`${t.amount} > 0`),
  ],
);

/** CONTRACT.md Idempotency-Key: the first answer of a key, replayed to every repeat. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id').notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
    // docs/decisions/0036: who runs the request and until when (renewed while it runs), the
    // request itself, and the first ledger transaction it opened (written by the statement
    // that opens it).
    holder: varchar('holder', { length: 40 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    request: jsonb('request'),
    transactionId: bigint('transaction_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/** A member's account at a game provider ("slot"); the money in it lives in the ledger. */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    providerCode: varchar('provider_code', { length: 20 })
      .notNull()
      .references(() => gameProviders.code),
    username: varchar('username', { length: 64 }).notNull(),
    // The password at the provider, sealed with AES-256-GCM under the key `password_key` names
    // (a key kept outside the database: docs/decisions/0058-game-passwords-at-rest.md). Null key:
    // a plaintext row from before, sealed at the next start.
    password: text('password').notNull(),
    passwordKey: varchar('password_key', { length: 32 }),
    // The provider's last round already posted to the ledger as a game result.
    lastRoundId: bigint('last_round_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('game_accounts_member_provider_key').on(t.memberId, t.providerCode),
    unique('game_accounts_provider_username_key').on(t.providerCode, t.username),
  ],
);

/**
 * The sandbox game providers' own books: they stand for the outside world, so they never
 * share a table with the ledger (docs/decisions/0031-game-providers.md).
 */
export const sandboxGameAccounts = pgTable(
  'sandbox_game_accounts',
  {
    providerCode: varchar('provider_code', { length: 20 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    password: varchar('password', { length: 128 }).notNull(),
    // The currency the account holds, told by our server when it opens it (issue 30): a move
    // in another currency is refused.
    currency: varchar('currency', { length: 4 }).notNull().default('BAHT'),
    balance: money('balance').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.providerCode, t.username] }),
    check('sandbox_game_accounts_balance_check', sql`${t.balance} >= 0`),
  ],
);

export const sandboxGameTransfers = pgTable(
  'sandbox_game_transfers',
  {
    providerCode: varchar('provider_code', { length: 20 }).notNull(),
    ref: varchar('ref', { length: 40 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    direction: varchar('direction', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerCode, t.ref] })],
);

export const sandboxGameRounds = pgTable(
  'sandbox_game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerCode: varchar('provider_code', { length: 20 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    bet: money('bet').notNull(),
    win: money('win').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_game_rounds_account_idx').on(t.providerCode, t.username, t.id)],
);

export const sandboxGameSessions = pgTable('sandbox_game_sessions', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  providerCode: varchar('provider_code', { length: 20 }).notNull(),
  username: varchar('username', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The sandbox's TrueMoney: the gift links `POST /api/sandbox/truelink` made, and who redeemed each. */
export const sandboxGiftLinks = pgTable('sandbox_gift_links', {
  code: varchar('code', { length: 64 }).primaryKey(),
  amount: money('amount').notNull(),
  senderPhone: varchar('sender_phone', { length: 20 }).notNull(),
  redeemedBy: varchar('redeemed_by', { length: 20 }),
  createdAt: createdAt(),
});

/**
 * The sandbox's bank as the slip verifier looks it up: the transfers `POST /api/sandbox/slip`
 * made, by the transaction reference their slip's QR carries.
 */
export const sandboxSlipTransfers = pgTable('sandbox_slip_transfers', {
  reference: varchar('reference', { length: 64 }).primaryKey(),
  sendingBank: varchar('sending_bank', { length: 8 }).notNull(),
  fromAccountNo: varchar('from_account_no', { length: 20 }).notNull(),
  toAccountNo: varchar('to_account_no', { length: 20 }).notNull(),
  amount: money('amount').notNull(),
  transferredAt: timestamp('transferred_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** POST /api/sandbox/faults: in the database so every server process sees the same outside world. */
export const sandboxFaults = pgTable('sandbox_faults', {
  target: varchar('target', { length: 20 }).primaryKey(),
  mode: varchar('mode', { length: 8 }).notNull(),
});

export const schema = {
  banks,
  sources,
  members,
  sessions,
  otpRequests,
  settings,
  gameProviders,
  ledgerAccounts,
  ledgerTransactions,
  ledgerEntries,
  idempotencyKeys,
  outsideCredits,
  depositAccounts,
  truemoneyAccounts,
  bankTransfers,
  giftLinks,
  qrCodes,
  qrCallbacks,
  slips,
  spinwheels,
  spinSlices,
  spins,
  coupons,
  depositRewards,
  bonuses,
  memberBonuses,
  gameRounds,
  refundClaims,
  inviteCollections,
  sandboxGiftLinks,
  sandboxSlipTransfers,
  gameAccounts,
  sandboxGameAccounts,
  sandboxGameTransfers,
  sandboxGameRounds,
  sandboxGameSessions,
  sandboxFaults,
};
export type Schema = typeof schema;

/**
 * Support staff (docs/decisions/0044-chat.md): accounts of their own, signed in apart from
 * members. The demo seed makes one in the sandbox; `npm run staff -w @wallet/server` adds more.
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 50 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** A staff sign-in: only the token's hash is kept, as for members. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_expiry_idx').on(t.expiresAt)],
);

/**
 * One conversation per member or guest (exactly one of the two), for good: ending it starts a
 * new `session_id`. `customer_read_id` and `staff_read_id` are the last message each side has
 * read, so unread counts are a count of later messages from the other side.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .unique()
      .references(() => members.id),
    guestId: uuid('guest_id').unique(),
    sessionId: uuid('session_id').notNull(),
    customerReadId: bigint('customer_read_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // No index on last_message_at: each message sets it, and an unindexed column keeps that
    // update in place (HOT) instead of writing all the table's indexes (docs/performance.md,
    // Support chat); the staff list sorts what it reads.
    check('chat_conversations_party_check', sql`(${t.memberId} is null) <> (${t.guestId} is null)`),
  ],
);

/**
 * A message (SPEC.md section 3). `deliver_id` is chosen by the sending client: a retry of the
 * same message finds the first one by (conversation, sender side, deliver_id).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    sessionId: uuid('session_id').notNull(),
    sender: varchar('sender', { length: 10 }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    messageType: varchar('message_type', { length: 16 }).notNull(),
    payload: jsonb('payload').notNull(),
    deliverId: varchar('deliver_id', { length: 64 }).notNull(),
    username: varchar('username', { length: 100 }),
    name: varchar('name', { length: 100 }),
    deviceToken: varchar('device_token', { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_deliver_key').on(t.conversationId, t.sender, t.deliverId),
    check('chat_messages_sender_check', sql`${t.sender} in ('customer', 'agent', 'bot', 'system')`),
  ],
);

/**
 * A file uploaded into a conversation: served only to its parties (the customer by a signed
 * link given with the message, staff likewise). A message may name only its own conversation's
 * files.
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    fileKey: varchar('file_key', { length: 200 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_files_conversation_idx').on(t.conversationId),
    check('chat_files_kind_check', sql`${t.kind} in ('image', 'video')`),
  ],
);
