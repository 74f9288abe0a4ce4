import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

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

/**
 * What drizzle runs a `Db`'s queries on: node-postgres's pool or a pooled client, PGlite or its
 * transaction. All four take `query(text, values)` and answer `{ rows }`.
 */
type Driver = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/** drizzle keeps the driver on its session, which it does not document: checked at each call. */
function driverOf(db: Db): Driver {
  const client = (db as unknown as { session?: { client?: Partial<Driver> } }).session?.client;
  if (typeof client?.query !== 'function') {
    throw new Error('no driver client behind this database handle');
  }
  return client as Driver;
}

/** A value a compiled statement takes at each call: `sql.placeholder(name)` in its text. */
export const slot = (name: string) => sql.placeholder(name);

/**
 * A statement of the money path compiled once (docs/decisions/0035): drizzle's `sql` builds its
 * text and numbers its parameters, with `slot(name)` wherever a call's value goes; a call only
 * fills the values in and hands text and values to the driver client drizzle holds for `db` (the
 * pool, a transaction's client, PGlite), which prepares the text once per connection
 * (prepared-client.ts). Through `db.execute` instead, a transfer costs the machine 10–15 % more
 * CPU (bench/transfer.ts, docs/performance.md). Rows come back as `db.execute` answers them.
 */
export class Statement {
  readonly text: string;
  private readonly params: ({ slot: string } | { value: unknown })[];

  constructor(query: SQL) {
    const built = dialect.sqlToQuery(query);
    this.text = built.sql;
    this.params = built.params.map((p) => (is(p, Placeholder) ? { slot: p.name } : { value: p }));
  }

  async rows<Row>(db: Db, values: Record<string, unknown>): Promise<Row[]> {
    const params = this.params.map((p) => {
      if ('value' in p) return p.value;
      if (!(p.slot in values)) throw new Error(`no value for ${p.slot}`);
      return values[p.slot];
    });
    const result = await driverOf(db).query(this.text, params);
    return result.rows as Row[];
  }
}
