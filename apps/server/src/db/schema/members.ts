import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, currencyCode } from './columns';

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
    // The invite code is 'PR' + id (the spec's constants and limits) and the profile shows it, so a new
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
    currency: currencyCode().notNull().default('BAHT'),
    sourceCode: varchar('source_code', { length: 40 }).references(() => sources.code),
    inviterId: integer('inviter_id'),
    coin: integer('coin').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Staff's tags (`vip`, `watch`…), set in the back office. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One payout account belongs to one member: EXISTING_BANK (the spec's error catalogue).
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
    // Where it was opened from, for the back office (null on sessions from before).
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/**
 * Registrations and sign-ins with a member's phone, failed ones too, with the address, browser
 * and device (the web client's random id) they came from: the member's sign-in history and the
 * back office's flags (same device or address as another member, many failures). Kept 90 days.
 */
export const memberSignIns = pgTable(
  'member_sign_ins',
  {
    id: bigId(),
    memberId: integer('member_id').notNull(),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    deviceId: varchar('device_id', { length: 36 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_sign_ins_member_idx').on(t.memberId, t.createdAt),
    index('member_sign_ins_ip_idx').on(t.ip, t.createdAt),
    index('member_sign_ins_device_idx')
      .on(t.deviceId, t.createdAt)
      .where(sql`${t.deviceId} is not null`),
    check(
      'member_sign_ins_outcome_check',
      sql`${t.outcome} in ('registered', 'signed-in', 'wrong-password', 'inactive')`,
    ),
  ],
);

/** Staff's notes on a member, newest first on the member's page; never edited. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigId(),
    memberId: memberRef().notNull(),
    staff: varchar('staff', { length: 50 }).notNull(),
    body: varchar('body', { length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.createdAt)],
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

/** A column naming the member a row belongs to. */
export function memberRef() {
  return integer('member_id').references(() => members.id);
}
