import { bigint, bigserial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Columns every table writes the same way. Money is `bigint` minor units (satang or kip cents),
 * never a float; timestamps are `timestamptz` so PostgreSQL and PGlite agree whatever the
 * server's time zone.
 */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const money = (name: string) => bigint(name, { mode: 'number' });

export const bigId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** BAHT or LAK (docs/decisions/0050-money-in-its-currency.md). */
export const currencyCode = () => varchar('currency', { length: 4 });
