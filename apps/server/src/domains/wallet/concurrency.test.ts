import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { createPostgresDatabase, describeOnDatabases } from '../../test/databases';
import { testEnv } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  activate,
  expectLedgerInvariants,
  ledgerBalances,
  memberIdOf,
  move,
  providerBalance,
  topUp,
} from '../../test/money';
import { describeWith } from '../../test/services';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('money requests arriving together', (target) => {
  const h = useHarness(target);

  it('spends a balance once however many requests ask for all of it at the same moment', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 300);
    await activate(h.app, m.token, 'JOKER');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? move(h.app, m.token, 'transferAll', { to: 'JOKER' })
          : move(h.app, m.token, 'withdraw', { amount: 300 }),
      ),
    );
    const moved = results
      .filter((r) => r.status === 200)
      .reduce((sum, r) => sum + Number(r.body.amount), 0);
    expect(moved).toBe(300);
    const id = await memberIdOf(h.db, m.username);
    expect((await ledgerBalances(h.db, id)).cash).toBe(0);
    await expectLedgerInvariants(h.db);
  });
});

/**
 * Races need real connections: PGlite has one and serialises everything, so these tests run
 * on PostgreSQL only (skipped without TEST_DATABASE_URL). Two server instances, each with its
 * own connection pool, listen on real HTTP ports.
 */
describeWith('postgres', 'money under concurrency on postgres', (adminUrl) => {
  let servers: FastifyInstance[] = [];
  let bases: string[] = [];
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase(adminUrl);
    drop = created.drop;
    const config = loadConfig({
      ...testEnv,
      DATABASE_URL: created.url,
      DATABASE_POOL_MAX: '20',
      GAME_PROVIDER_TIMEOUT_MS: '5000',
    });
    servers = [await buildApp(config), await buildApp(config)];
    bases = [];
    for (const server of servers) bases.push(await server.listen({ port: 0, host: '127.0.0.1' }));
    database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 2 });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
    await drop?.();
  });

  async function post(i: number, token: string, path: string, body: object, key: string) {
    const res = await fetch(`${bases[i % bases.length]}/api/wallet/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function richMember(baht: number) {
    const [app] = servers;
    if (!app) throw new Error('no server');
    const m = await memberWithToken(app);
    await topUp(app, m.token, baht);
    for (const code of ['JOKER', 'PG']) await activate(app, m.token, code);
    return { ...m, id: await memberIdOf(database.db, m.username) };
  }

  it('lets 100 parallel attempts to move the whole balance out succeed by at most the balance', async () => {
    const m = await richMember(1000);
    const attempts = Array.from({ length: 100 }, (_, i) => {
      const key = randomUUID();
      switch (i % 4) {
        case 0:
          return post(i, m.token, 'transferAll', { to: 'JOKER' }, key);
        case 1:
          return post(i, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 1000 }, key);
        case 2:
          return post(i, m.token, 'withdraw', { amount: 1000 }, key);
        default:
          // Not withdrawAll: it brings game money home first, so money that went to a game
          // may rightly leave a second time and "at most the balance" would not hold.
          return post(i, m.token, 'transferAll', { to: 'PG' }, key);
      }
    });
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const succeeded = results.filter((r) => r.status === 200);
    const moved = succeeded.reduce((sum, r) => sum + Number(r.body.amount), 0);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(moved).toBeLessThanOrEqual(1000);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    }
    const balances = await ledgerBalances(database.db, m.id);
    const total =
      (balances.cash ?? 0) +
      (balances['game:JOKER'] ?? 0) +
      (balances['game:PG'] ?? 0) +
      (balances.pending_withdrawal ?? 0) +
      (balances.transfer_hold ?? 0);
    expect(total).toBe(100_000);
    expect(balances.cash).toBe(100_000 - Math.round(moved * 100));
    await expectLedgerInvariants(database.db);
  });

  it('applies one idempotency key once when it is replayed 50 times at once on two servers', async () => {
    const m = await richMember(100);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(i, m.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 10 }, key),
      ),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.body).toEqual(ok[0]?.body);
    expect(await ledgerBalances(database.db, m.id)).toMatchObject({
      cash: 9000,
      'game:JOKER': 1000,
    });
    expect(await providerBalance(database.db, 'JOKER', `mw${m.id}`)).toBe(1000);
    await expectLedgerInvariants(database.db);
  });

  it('never deadlocks transfers that cross between the wallet and two games', async () => {
    const m = await richMember(600);
    const [app] = servers;
    if (!app) throw new Error('no server');
    await post(0, m.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 200 }, randomUUID());
    await post(1, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 200 }, randomUUID());
    const routes: [string, string][] = [
      ['WALLET', 'JOKER'],
      ['JOKER', 'WALLET'],
      ['WALLET', 'PG'],
      ['PG', 'WALLET'],
      ['JOKER', 'PG'],
      ['PG', 'JOKER'],
    ];
    const results = await Promise.all(
      Array.from({ length: 90 }, (_, i) => {
        const [from, to] = routes[i % routes.length] ?? ['WALLET', 'JOKER'];
        return post(i, m.token, 'transfer', { from, to, amount: 5 }, randomUUID());
      }),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const balances = await ledgerBalances(database.db, m.id);
    expect((balances.cash ?? 0) + (balances['game:JOKER'] ?? 0) + (balances['game:PG'] ?? 0)).toBe(
      60_000,
    );
    expect(balances['game:JOKER']).toBe(await providerBalance(database.db, 'JOKER', `mw${m.id}`));
    expect(balances['game:PG']).toBe(await providerBalance(database.db, 'PG', `mw${m.id}`));
    await expectLedgerInvariants(database.db);
  });
});
