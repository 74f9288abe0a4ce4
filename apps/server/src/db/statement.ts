import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Commits the current transaction without waiting for its WAL flush (docs/decisions/
 * 0032-durability-and-commits.md). Only for writes that can be lost in a crash without
 * losing or creating money: a settle the reconciler would redo from the provider's status,
 * an idempotency bookkeeping row, the sandbox's own books. WAL is written in order, so the
 * next durable commit makes every earlier relaxed one durable too.
 */
export async function relaxTransactionCommit(tx: Db): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/**
 * relaxTransactionCommit for a single statement outside a transaction: a one-row relation to
 * select from, whose evaluation relaxes the commit of the statement's own transaction.
 */
export const relaxStatementCommit = sql`(select set_config('synchronous_commit', 'off', true)) as relaxed`;

/** drizzle's `execute` answers `{ rows }` on node-postgres and on PGlite alike. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The next id of a table's serial column, taken before its row is written (and then used). */
export async function nextId(db: Db, table: string): Promise<number> {
  const [row] = await rows<{ id: unknown }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`,
  );
  const id = Number(row?.id);
  if (!Number.isSafeInteger(id)) throw new Error(`no next id for ${table}`);
  return id;
}

/** Runs a delete and answers how many rows it removed, counted in the database. */
export async function deletedRows(db: Db, remove: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`with gone as (${remove} returning 1) select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/**
 * A bigint (int8) column's value as a number: node-postgres answers it as a string, PGlite as
 * a bigint or a number. Refuses what a number cannot hold exactly.
 */
export function numberFromInt8(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${String(value)}`);
  return n;
}
