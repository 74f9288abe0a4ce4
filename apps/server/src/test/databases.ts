import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { describeWith } from './services';

/**
 * The real databases a test file runs against (STYLE.md: API tests on a real database, no
 * mocks): PGlite in memory always, and PostgreSQL when TEST_DATABASE_URL is set. Each test
 * file gets fresh ones: PGlite is per instance, PostgreSQL gets a new database that is
 * dropped afterwards.
 */
export type TestDatabase = {
  name: 'pglite' | 'postgres';
  /** Opens a fresh, empty database; `drop` closes and removes it. */
  create(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }>;
};

/**
 * The same suite on each database (`${title} on pglite`, `${title} on postgres`); the
 * PostgreSQL one is reported as skipped when TEST_DATABASE_URL is not set.
 */
export function describeOnDatabases(title: string, body: (target: TestDatabase) => void): void {
  describe(`${title} on pglite`, () => body({ name: 'pglite', create: createPglite }));
  describeWith('postgres', `${title} on postgres`, (adminUrl) =>
    body({ name: 'postgres', create: () => createPostgres(adminUrl) }),
  );
}

/** A fresh database for the suite: opened before its tests, dropped after them. */
export function useFreshDatabase(target: TestDatabase): () => Database {
  let created: Awaited<ReturnType<TestDatabase['create']>> | undefined;
  beforeAll(async () => {
    created = await target.create();
  });
  afterAll(async () => {
    await created?.drop();
  });
  return () => {
    if (!created) throw new Error('the database is opened before the suite runs');
    return created.database;
  };
}

async function createPglite() {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  return { database, url: null, drop: () => database.close() };
}

/** A new database `wallet_test_<random>` on the server of `adminUrl`. */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wallet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function createPostgres(adminUrl: string) {
  const created = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 5 });
  return {
    database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}
