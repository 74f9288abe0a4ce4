import { randomUUID } from 'node:crypto';
import type { Minor } from '@wallet/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { numberFromInt8, rows } from '../../db/statement';
import { createPostgresDatabase, describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf } from '../../test/money';
import { describeWith } from '../../test/services';
import { Ledger } from './ledger';
import type { CreditSource, OutsideCredit } from './outside-credits';

/** A deposit of `amount` minor units into the member's cash, as the deposit paths make it. */
function deposit(
  memberId: number,
  reference: string,
  amount: number,
  source: CreditSource = 'bank',
): OutsideCredit {
  return {
    source,
    reference,
    memberId,
    // Unchecked: some tests hand the ledger amounts it must refuse itself.
    amount: amount as Minor,
    currency: 'BAHT',
    from: 'deposits',
    into: 'cash',
    type: 'deposit',
    label: { from: 'SCB', to: 'WALLET' },
  };
}

async function creditRows(db: Harness['db'], reference: string) {
  return rows<{ source: string; transaction_id: unknown }>(
    db,
    sql`select source, transaction_id from outside_credits where reference = ${reference}`,
  );
}

describeOnDatabases('money credited from outside', (target) => {
  let h: Harness;
  let ledger: Ledger;
  beforeAll(async () => {
    h = await startHarness(target);
    ledger = new Ledger(h.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  const newMember = async () => memberIdOf(h.db, (await memberWithToken(h.app)).username);

  it('credits a reference once: a replay moves nothing and answers the first credit', async () => {
    const memberId = await newMember();
    const reference = `BANKREF-${randomUUID()}`;
    const first = await ledger.credit(h.db, deposit(memberId, reference, 50_000));
    expect(first).toMatchObject({ credited: true, memberId, amount: 50_000 });
    expect(first.wallet).toEqual({ cash: 50_000, bonus: 0 });

    const again = await ledger.credit(h.db, deposit(memberId, reference, 50_000));
    expect(again).toEqual({
      credited: false,
      transactionId: first.transactionId,
      memberId,
      amount: 50_000,
      wallet: undefined,
    });
    expect((await ledgerBalances(h.db, memberId)).cash).toBe(50_000);
    expect(await creditRows(h.db, reference)).toHaveLength(1);
    const statement = await rows<{ type: string; status: string; amount: unknown }>(
      h.db,
      sql`select type, status, amount from ledger_transactions where id = ${first.transactionId}`,
    );
    expect(statement.map((t) => ({ ...t, amount: numberFromInt8(t.amount) }))).toEqual([
      { type: 'deposit', status: 'success', amount: 50_000 },
    ]);
    await expectLedgerInvariants(h.db);
  });

  it('tells a replay reported for another member or amount from the credit it repeats', async () => {
    const owner = await newMember();
    const other = await newMember();
    const reference = `BANKREF-${randomUUID()}`;
    await ledger.credit(h.db, deposit(owner, reference, 10_000));
    // A forged or broken report of the same transfer: nothing moves, and the caller can see
    // that the reference belongs to someone else's credit.
    const forged = await ledger.credit(h.db, deposit(other, reference, 99_000));
    expect(forged).toMatchObject({ credited: false, memberId: owner, amount: 10_000 });
    expect((await ledgerBalances(h.db, other)).cash ?? 0).toBe(0);
    expect((await ledgerBalances(h.db, owner)).cash).toBe(10_000);
  });

  it('keeps references of different sources apart', async () => {
    const memberId = await newMember();
    const reference = `REF-${randomUUID()}`;
    await ledger.credit(h.db, deposit(memberId, reference, 1_000, 'bank'));
    await ledger.credit(h.db, deposit(memberId, reference, 2_000, 'qr'));
    expect((await ledgerBalances(h.db, memberId)).cash).toBe(3_000);
    expect((await creditRows(h.db, reference)).map((r) => r.source).sort()).toEqual(['bank', 'qr']);
  });

  it('credits the bonus wallet from the bonuses account when asked to', async () => {
    const memberId = await newMember();
    const result = await ledger.credit(h.db, {
      ...deposit(memberId, `BONUS-${randomUUID()}`, 7_500),
      from: 'bonuses',
      into: 'bonus',
      type: 'bonus',
      label: { from: 'BONUS', to: 'WALLET' },
    });
    expect(result.wallet).toEqual({ cash: 0, bonus: 7_500 });
    await expectLedgerInvariants(h.db);
  });

  it('refuses an amount that is not a positive whole number of minor units, writing nothing', async () => {
    const memberId = await newMember();
    for (const amount of [0, -100, 10.5]) {
      const reference = `BAD-${randomUUID()}`;
      await expect(ledger.credit(h.db, deposit(memberId, reference, amount))).rejects.toThrow(
        RangeError,
      );
      expect(await creditRows(h.db, reference)).toHaveLength(0);
    }
    expect((await ledgerBalances(h.db, memberId)).cash ?? 0).toBe(0);
  });

  it('moves the sandbox top-up onto it: once per Idempotency-Key, a repeat answers the same', async () => {
    const m = await memberWithToken(h.app);
    const memberId = await memberIdOf(h.db, m.username);
    const key = randomUUID();
    const add = () =>
      call(h.app, 'POST', '/api/wallet/add', {
        token: m.token,
        body: { amount: 250 },
        headers: { 'idempotency-key': key },
      });
    const first = await add();
    const repeat = await add();
    expect(first.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect((await ledgerBalances(h.db, memberId)).cash).toBe(25_000);
    const credits = await rows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from outside_credits where member_id = ${memberId} and source = 'sandbox'`,
    );
    expect(credits[0]?.n).toBe(1);
  });
});

/**
 * Processes racing for one reference need real connections (PGlite serialises everything):
 * PostgreSQL only, two databases handles with pools of their own, as two server processes.
 */
describeWith('postgres', 'money credited from outside, raced on postgres', (adminUrl) => {
  let drop: () => Promise<void>;
  let databases: Database[] = [];
  let h: Harness;

  beforeAll(async () => {
    const created = await createPostgresDatabase(adminUrl);
    drop = created.drop;
    databases = [
      await openDatabase({ kind: 'postgres', url: created.url, poolMax: 10 }),
      await openDatabase({ kind: 'postgres', url: created.url, poolMax: 10 }),
    ];
    const [first] = databases;
    if (!first) throw new Error('no database');
    h = await startHarness({
      name: 'postgres',
      create: async () => ({ database: first, url: created.url, drop: async () => {} }),
    });
  });
  afterAll(async () => {
    await h?.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it('credits once when 40 reports of one transfer arrive at two processes together', async () => {
    const memberId = await memberIdOf(h.db, (await memberWithToken(h.app)).username);
    const reference = `BANKREF-${randomUUID()}`;
    const ledgers = databases.map((d) => ({ ledger: new Ledger(d.db), db: d.db }));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const { ledger, db } = ledgers[i % 2] as (typeof ledgers)[number];
        return ledger.credit(db, deposit(memberId, reference, 30_000));
      }),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect((await ledgerBalances(h.db, memberId)).cash).toBe(30_000);
    await expectLedgerInvariants(h.db);
  });
});
