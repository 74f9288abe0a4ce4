import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bigId, createdAt, currencyCode, money } from './columns';

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
    currency: currencyCode().notNull().default('BAHT'),
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
    id: bigId(),
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
