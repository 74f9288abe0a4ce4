import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fingerprint } from '../../core/idempotency/idempotency';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/pg-errors';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  activate,
  expectLedgerInvariants,
  ledgerBalances,
  memberIdOf,
  move,
  topUp,
  walletOf,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

/** A ledger transaction row with no entries yet, written straight to the table (no posting). */
async function bareTransaction(db: Db) {
  const [row] = await db
    .insert(ledgerTransactions)
    .values({
      memberId: null,
      type: 'deposit',
      status: 'success',
      fromAccount: 'X',
      toAccount: 'Y',
      amount: 1,
      currency: 'BAHT',
    })
    .returning({ id: ledgerTransactions.id });
  return row;
}

describeOnDatabases('the wallet and its ledger', (target) => {
  const h = useHarness(target);

  it('starts a member at zero with every active provider as an inactive slot', async () => {
    const m = await memberWithToken(h.app);
    const res = await call(h.app, 'GET', '/api/wallet', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.wallet).toEqual({ amount: 0, cash: 0, bonus: 0 });
    expect(res.body.invite).toEqual({ amount: 0, success: 0.5, fail: 5 });
    const slots = res.body.slots as { isActive: boolean; amount: number }[];
    expect(slots).toHaveLength(16);
    expect(slots.every((s) => !s.isActive && s.amount === 0)).toBe(true);
    expect((res.body.profile as { username: string }).username).toBe(m.username);
  });

  it('records a sandbox top-up as a balanced deposit from the operator', async () => {
    const m = await memberWithToken(h.app);
    const res = await topUp(h.app, m.token, 150.25);
    expect(res.body).toEqual({
      success: true,
      status: 'success',
      amount: 150.25,
      wallet: { amount: 150.25, cash: 150.25, bonus: 0 },
    });
    const id = await memberIdOf(h.db, m.username);
    expect(await ledgerBalances(h.db, id)).toEqual({ cash: 15025 });
    await expectLedgerInvariants(h.db);
  });

  it('applies a repeated Idempotency-Key once and answers the first answer', async () => {
    const m = await memberWithToken(h.app);
    const key = 'retry-key-0001';
    const first = await move(h.app, m.token, 'add', { amount: 10 }, key);
    const again = await move(h.app, m.token, 'add', { amount: 10 }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await walletOf(h.app, m.token)).cash).toBe(10);
    const other = await move(h.app, m.token, 'add', { amount: 11 }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'KEY_INVALID' });
    expect((await walletOf(h.app, m.token)).cash).toBe(10);
  });

  it('forgets a key after a day', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    await move(h.app, m.token, 'add', { amount: 3 }, 'old-key-0001');
    await h.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours'
          where member_id = ${id}`,
    );
    expect(await h.app.money.idempotency.expire()).toBe(1);
    const fresh = await move(h.app, m.token, 'add', { amount: 3 }, 'old-key-0001');
    expect(fresh.body).toMatchObject({ status: 'success', amount: 3 });
    expect((await walletOf(h.app, m.token)).cash).toBe(6);
  });

  it('runs again, once, a request whose process died before it moved money (decision 0036)', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    // A claim with no holder and no lease, as rows written before leases existed, or by a
    // process that died at once: a retry takes the key over and runs the request.
    await h.db.execute(
      sql`insert into idempotency_keys (member_id, key, request_hash, state)
          values (${id}, 'crashed-key-01', ${fingerprint('add', { amount: 4 })}, 'running')`,
    );
    const retried = await move(h.app, m.token, 'add', { amount: 4 }, 'crashed-key-01');
    expect(retried.body).toMatchObject({ status: 'success', amount: 4 });
    const again = await move(h.app, m.token, 'add', { amount: 4 }, 'crashed-key-01');
    expect(again.body).toEqual(retried.body);
    expect((await walletOf(h.app, m.token)).cash).toBe(4);
  });

  it('treats the same key from another member as a new key', async () => {
    const a = await memberWithToken(h.app);
    const b = await memberWithToken(h.app);
    await move(h.app, a.token, 'add', { amount: 5 }, 'shared-key-01');
    const res = await move(h.app, b.token, 'add', { amount: 7 }, 'shared-key-01');
    expect(res.body).toMatchObject({ status: 'success', amount: 7 });
    expect((await walletOf(h.app, a.token)).cash).toBe(5);
    expect((await walletOf(h.app, b.token)).cash).toBe(7);
  });

  it('refuses a malformed key and amounts with three decimals, moving nothing', async () => {
    const m = await memberWithToken(h.app);
    const badKey = await move(h.app, m.token, 'add', { amount: 5 }, 'short');
    expect(badKey.status).toBe(400);
    expect(badKey.body).toMatchObject({ code: 'KEY_INVALID' });
    const badAmount = await move(h.app, m.token, 'add', { amount: 1.005 });
    expect(badAmount.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
    expect(await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).toEqual({});
  });

  it('lists the statement from the ledger, newest first, paged', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    await activate(h.app, m.token, 'JOKER');
    await move(h.app, m.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 30 });
    await move(h.app, m.token, 'withdraw', { amount: 100 }).then((r) =>
      expect(r.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' }),
    );
    const page1 = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 1 },
    });
    expect(page1.body.total).toBe(2);
    expect(page1.body.statements).toEqual([
      expect.objectContaining({
        statementType: 'transfer',
        from: 'WALLET',
        to: 'JOKER',
        status: 'success',
        amount: 30,
      }),
    ]);
    const page2 = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 2, limit: 1 },
    });
    expect(page2.body.statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', to: 'WALLET', amount: 100 }),
    ]);
  });

  it("never shows one member another member's statement", async () => {
    const a = await memberWithToken(h.app);
    const b = await memberWithToken(h.app);
    await topUp(h.app, a.token, 42);
    const res = await call(h.app, 'POST', '/api/statement', {
      token: b.token,
      body: { page: 1, limit: 10 },
    });
    expect(res.body).toEqual({ total: 0, statements: [] });
  });

  it('refuses a movement that does not balance, in the database itself', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 1);
    const before = await h.count(ledgerEntries);
    await expect(
      h.db.transaction(async (tx) => {
        const row = await bareTransaction(tx);
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_id, amount)
              select ${row?.id}, id, 5 from ledger_accounts order by id limit 1`,
        );
      }),
    ).rejects.toThrow();
    expect(await h.count(ledgerEntries)).toBe(before);
  });

  it('refuses entries that balance only across two statements: each INSERT must balance', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 1);
    const id = await memberIdOf(h.db, m.username);
    const before = await h.count(ledgerEntries);
    const error = await h.db
      .transaction(async (tx) => {
        const row = await bareTransaction(tx);
        for (const amount of [5, -5]) {
          await tx.execute(
            sql`insert into ledger_entries (transaction_id, account_id, amount)
                select ${row?.id}, id, ${amount} from ledger_accounts
                where member_id = ${id} and kind = 'cash'`,
          );
        }
      })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe('23514');
    expect(await h.count(ledgerEntries)).toBe(before);
  });

  it('posts legs only in ascending account id, one per account, none zero', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    const id = await memberIdOf(h.db, m.username);
    const [cash] = await rows<{ id: number }>(
      h.db,
      sql`select id from ledger_accounts where member_id = ${id} and kind = 'cash'`,
    );
    const [deposits] = await rows<{ id: number }>(
      h.db,
      sql`select id from ledger_accounts where member_id is null and kind = 'deposits'
          and currency = 'BAHT'`,
    );
    const post = (accounts: number[], amounts: number[]) =>
      h.db
        .execute(
          sql`select * from ledger_open(${id}, 'deposit', 'success', 'X', 'WALLET', 100, 'BAHT',
                null, null, null, ${`{${accounts.join(',')}}`}::integer[],
                ${`{${amounts.join(',')}}`}::bigint[], false)`,
        )
        .then(
          () => 'posted',
          (e: unknown) => sqlState(e),
        );
    const cashId = cash?.id ?? 0;
    const depositsId = deposits?.id ?? 0;
    const [low, high] = cashId < depositsId ? [cashId, depositsId] : [depositsId, cashId];
    const before = await ledgerBalances(h.db, id);
    expect(await post([high, low], [1, -1])).toBe('22023');
    expect(await post([low, low], [1, -1])).toBe('22023');
    expect(await post([low, high], [0, 0])).toBe('22023');
    expect(await ledgerBalances(h.db, id)).toEqual(before);
    const legs = low === cashId ? [100, -100] : [-100, 100];
    expect(await post([low, high], legs)).toBe('posted');
    expect((await ledgerBalances(h.db, id)).cash).toBe((before.cash ?? 0) + 100);
    await expectLedgerInvariants(h.db);
  });

  it('keeps a Lao member who chose LAK in kip accounts, apart from the baht books', async () => {
    const laos = await h.build({ LAOS: '1' });
    const phone = `020${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const m = await memberWithToken(laos, { username: phone, bankCode: 'BCEL', currency: 'LAK' });
    await topUp(laos, m.token, 5000);
    await activate(laos, m.token, 'PG');
    const res = await move(laos, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 1000 });
    expect(res.body).toMatchObject({ status: 'success', wallet: { cash: 4000 } });
    const id = await memberIdOf(h.db, m.username);
    const currencies = (await h.db.execute(
      sql`select distinct currency from ledger_accounts where member_id = ${id}`,
    )) as unknown as { rows: { currency: string }[] };
    expect(currencies.rows).toEqual([{ currency: 'LAK' }]);
    const [deposits] = (
      (await h.db.execute(
        sql`select balance::text as balance from ledger_accounts
            where member_id is null and kind = 'deposits' and currency = 'LAK'`,
      )) as unknown as { rows: { balance: string }[] }
    ).rows;
    expect(Number(deposits?.balance)).toBeLessThanOrEqual(-500_000);
    await expectLedgerInvariants(h.db);
  });

  it('refuses a negative member balance in the database itself (CHECK)', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 1);
    const id = await memberIdOf(h.db, m.username);
    await expect(
      h.db.execute(
        sql`update ledger_accounts set balance = -1 where member_id = ${id} and kind = 'cash'`,
      ),
    ).rejects.toThrow();
    expect((await ledgerBalances(h.db, id)).cash).toBe(100);
  });
});
