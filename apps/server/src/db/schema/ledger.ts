import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, currencyCode, money } from './columns';
import { memberRef } from './members';

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
    memberId: memberRef(),
    // Member kinds: cash, bonus, game, transfer_hold, pending_withdrawal.
    // Operator kinds: deposits, payouts, bonuses, prizes, game_results.
    kind: varchar('kind', { length: 24 }).notNull(),
    // '' for every kind but game: a plain column keeps the unique key simple on PGlite too.
    providerCode: varchar('provider_code', { length: 20 }).notNull().default(''),
    currency: currencyCode().notNull(),
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
    id: bigId(),
    memberId: memberRef(),
    // deposit, bonus, finish_bonus, withdraw, transfer (the statement) and game_result.
    type: varchar('type', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    fromAccount: varchar('from_account', { length: 20 }).notNull(),
    toAccount: varchar('to_account', { length: 20 }).notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
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
    id: bigId(),
    transactionId: transactionRef().notNull(),
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
    id: bigId(),
    source: varchar('source', { length: 24 }).notNull(),
    reference: varchar('reference', { length: 128 }).notNull(),
    memberId: memberRef().notNull(),
    amount: money('amount').notNull(),
    currency: currencyCode().notNull(),
    transactionId: transactionRef().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('outside_credits_source_key').on(t.source, t.reference),
    index('outside_credits_member_idx').on(t.memberId, t.createdAt),
    check('outside_credits_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The API contract's Idempotency-Key: the first answer of a key, replayed to every repeat. */
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

/** A column naming the ledger transaction that moved a row's money. */
export function transactionRef() {
  return bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id);
}
