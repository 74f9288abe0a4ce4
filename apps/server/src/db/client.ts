import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths';
import { Pool } from './pool';
import { type Schema, schema } from './schema';

/**
 * The one database type the repositories see. PGlite (embedded) and node-postgres (a real
 * PostgreSQL) both produce a PgDatabase; only the query-result type differs, and no
 * repository depends on it. A transaction is a PgDatabase too, so a repository that takes a
 * `Db` works inside or outside one.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations and then runs `bootstrap` (the seed), both under one lock, so
   * several processes starting together on one PostgreSQL do the work once.
   */
  migrate(bootstrap: (db: Db) => Promise<void>): Promise<void>;
  /**
   * Raw SQL for the job engine (jobs/jobs.ts, pg-boss's `db`): a statement with `values`, or,
   * without, a script of several statements run as one transaction.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
};

/** An arbitrary constant: the advisory-lock key of "this app's schema migration". */
const MIGRATION_LOCK_KEY = 7_041_114;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax: number }
  | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolMax)
    : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  // A connection once opened stays open (no idle time-out, as a fixed-size pool): a new one
  // costs a backend fork, and its first statements plan again and fill PostgreSQL's caches
  // for that backend, a burst of slow requests after every quiet spell (docs/performance.md).
  const pool = new Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 0 });
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    async migrate(bootstrap) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzlePg({ client, schema });
          await migratePg(locked, { migrationsFolder });
          await bootstrap(locked);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    // Without values node-postgres sends the simple protocol, which runs a script whole.
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    close: () => pool.end(),
  };
}

/** `dataDir` null keeps the database in memory (tests). */
async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite;
  if (dataDir === null) {
    client = new PGlite();
  } else {
    const dir = join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    async migrate(bootstrap) {
      // PGlite is single-connection and single-process: no lock to take.
      await migratePglite(db, { migrationsFolder });
      await bootstrap(db);
    },
    async executeSql(text, values) {
      if (values !== undefined) return client.query(text, values);
      // A script inside PGlite's transaction: should it fail, it is rolled back there, and the
      // one connection every query shares is not left in an aborted transaction.
      const results = await client.transaction((tx) => tx.exec(text));
      return results.at(-1) ?? { rows: [] };
    },
    close: () => client.close(),
  };
}
