import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Operator content and switches, one JSON value per key (src/core/settings). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
