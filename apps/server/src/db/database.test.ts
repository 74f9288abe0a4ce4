import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameProviderCodes } from '@wallet/contract/constants';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrationsFolder } from '../paths';
import { createPostgresDatabase } from '../test/databases';
import { call, testEnv } from '../test/harness';
import { registerMember, signIn } from '../test/members';
import { describeWith } from '../test/services';
import type { Db } from './client';
import { openDatabase } from './client';
import {
  banks,
  bonuses,
  depositAccounts,
  gameProviders,
  spinwheels,
  truemoneyAccounts,
} from './schema';

describe('the embedded database', () => {
  it('keeps its data in DATA_DIR across restarts, and seeds only once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wallet-data-'));
    try {
      const config = loadConfig({ ...testEnv, DATA_DIR: dataDir });
      const first = await buildApp(config);
      const member = await registerMember(first);
      await first.close();

      const second = await buildApp(config);
      try {
        await signIn(second, member.username, member.password);
        const res = await call(second, 'GET', '/api/lookup/banks');
        expect((res.body.banks as unknown[]).length).toBe(15);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the first start of a real operator', () => {
  it('seeds no receiving account, wallet, bonus or wheel outside the sandbox; the sandbox gets the demo', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wallet-data-'));
    const counts = async (db: Db) =>
      Object.fromEntries(
        await Promise.all(
          (
            [
              ['depositAccounts', depositAccounts],
              ['truemoneyAccounts', truemoneyAccounts],
              ['bonuses', bonuses],
              ['spinwheels', spinwheels],
              ['banks', banks],
            ] as const
          ).map(async ([name, table]) => [name, await db.$count(table)]),
        ),
      );
    try {
      const { SANDBOX: _sandbox, ...production } = testEnv;
      const real = await buildApp(loadConfig({ ...production, DATA_DIR: dataDir }));
      try {
        expect(await counts(real.db)).toEqual({
          depositAccounts: 0,
          truemoneyAccounts: 0,
          bonuses: 0,
          spinwheels: 0,
          banks: 18,
        });
        expect((await call(real, 'GET', '/api/lookup/banks')).status).toBe(200);
      } finally {
        await real.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const demo = await buildApp(
      loadConfig({ ...testEnv, DATA_DIR: await mkdtemp(join(tmpdir(), 'wallet-data-')) }),
    );
    try {
      const seeded = await counts(demo.db);
      for (const table of ['depositAccounts', 'truemoneyAccounts', 'bonuses', 'spinwheels']) {
        expect(seeded[table], table).toBeGreaterThan(0);
      }
    } finally {
      await demo.close();
    }
  });
});

describeWith('postgres', 'PostgreSQL', (adminUrl) => {
  it('lets several processes start together: migrations and seed run once, under a lock', async () => {
    const created = await createPostgresDatabase(adminUrl);
    try {
      const config = loadConfig({ ...testEnv, DATABASE_URL: created.url });
      const apps = await Promise.all([buildApp(config), buildApp(config), buildApp(config)]);
      try {
        for (const app of apps) expect((await call(app, 'GET', '/api/health')).status).toBe(200);
        // One app registers, another signs the member in: one shared database.
        const [a, b] = apps;
        if (!a || !b) throw new Error('apps did not start');
        const member = await registerMember(a);
        await signIn(b, member.username, member.password);
      } finally {
        for (const app of apps) await app.close();
      }

      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const migrations = await client.query(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        // Every migration of the journal applied exactly once, whatever their number.
        const journal = JSON.parse(
          await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        expect(migrations.rows[0].n).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
      const database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 1 });
      try {
        const count = async (table: typeof banks | typeof gameProviders) => {
          const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
          return row?.n;
        };
        expect(await count(banks)).toBe(18);
        expect(await count(gameProviders)).toBe(gameProviderCodes.length);
      } finally {
        await database.close();
      }
    } finally {
      await created.drop();
    }
  });
});
