import { bigint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every table writes the same way. Money is `bigint` minor units (satang or kip cents),
 * never a float; timestamps are `timestamptz` so PostgreSQL and PGlite agree whatever the
 * server's time zone.
 */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const money = (name: string) => bigint(name, { mode: 'number' });
