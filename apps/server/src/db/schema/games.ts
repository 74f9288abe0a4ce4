import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { memberRef } from './members';

export const gameProviders = pgTable(
  'game_providers',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    background: text('background').notNull(),
    // The spec's overview: sport and casino are shown together as 'sport'.
    category: varchar('category', { length: 10 }).notNull(),
    web: text('web'),
    android: text('android'),
    ios: text('ios'),
    active: boolean('active').notNull().default(true),
    // Issue 33: members see the provider as under maintenance, and nothing of theirs reaches it.
    maintenance: boolean('maintenance').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('game_providers_category_check', sql`${t.category} in ('slot', 'sport', 'lotto')`)],
);

/** A member's account at a game provider ("slot"); the money in it lives in the ledger. */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    id: serial('id').primaryKey(),
    memberId: memberRef().notNull(),
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
 * The rounds each member played at each provider, as the provider's bet history gave them when
 * the game account was synced (GamesService.sync, in the transaction that posts their result):
 * the turnover of bonuses, and later refunds and invite rewards, are counted from here.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    memberId: memberRef().notNull(),
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
