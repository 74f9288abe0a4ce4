import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The operator's staff (docs/backoffice.md): accounts of their own with a role, a password and
 * an authenticator (TOTP). The secret is sealed under the server's keys (lib/secret-keys.ts,
 * as game passwords are): a copy of the database alone cannot make codes. An account has a
 * secret but no `totp_confirmed_at` until its first code proves the authenticator holds it.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    role: varchar('role', { length: 10 }).notNull().default('support'),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    totpSealed: text('totp_sealed'),
    totpKeyId: varchar('totp_key_id', { length: 32 }),
    totpConfirmedAt: at('totp_confirmed_at'),
    /** The last 30-second step a code was accepted for: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set on a password an admin was handed (a new account): replaced at the first sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('staff_role_check', sql`${t.role} in ('admin', 'finance', 'support', 'viewer')`)],
);

/** One-time recovery codes, kept as hashes; a used one stays, marked. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/** A password accepted, waiting for the code: the second step's challenge, as its hash. */
export const staffChallenges = pgTable('staff_challenges', {
  challengeHash: varchar('challenge_hash', { length: 64 }).primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/**
 * A staff sign-in: only the token's hash is kept, as for members. `code_at` is when a code was
 * last given in this session: money-moving actions want it recent.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    id: serial('id').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    codeAt: at('code_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_expiry_idx').on(t.expiresAt)],
);

/**
 * Every staff action that changed something, and every refused attempt (docs/backoffice.md).
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0018), and each row's
 * `hash` covers its fields and the previous row's hash, so an edit made behind the trigger's
 * back breaks the chain (core/audit).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    staffUsername: varchar('staff_username', { length: 50 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    action: varchar('action', { length: 100 }).notNull(),
    target: varchar('target', { length: 200 }),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [
    index('audit_log_staff_idx').on(t.staffUsername, t.id),
    index('audit_log_target_idx').on(t.target, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);
