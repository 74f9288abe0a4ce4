import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema';
import { rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import {
  expectLedgerInvariants,
  fundedMember,
  ledgerBalances,
  move,
  providerBalance,
  setFault,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

const CODES = ['JOKER', 'PG', 'UFABET', 'HUAYHD'] as const;

describeOnDatabases('transfers between the wallet and the games', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    for (const code of CODES) await setFault(h.app, code, 'ok');
    await expectLedgerInvariants(h.db);
  });

  /** A member with 100 baht in the wallet and accounts at every provider above. */
  async function player() {
    const m = await fundedMember(h.app, h.db, 100, CODES);
    const creds = await call(h.app, 'GET', '/api/wallet/account/JOKER', { token: m.token });
    return { ...m, gameUser: String(creds.body.username) };
  }

  const statementOf = async (token: string) =>
    (await call(h.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 50 } })).body
      .statements as { statementType: string; status: string; from: string; to: string }[];

  it('moves money to a game and back, each side of the books and the provider agreeing', async () => {
    const p = await player();
    const out = await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 40 });
    expect(out.body).toMatchObject({ success: true, status: 'success', amount: 40 });
    expect(out.body.wallet).toEqual({ amount: 60, cash: 60, bonus: 0 });
    expect(await providerBalance(h.db, 'JOKER', p.gameUser)).toBe(4000);

    const back = await move(h.app, p.token, 'transfer', {
      from: 'JOKER',
      to: 'WALLET',
      amount: 15,
    });
    expect(back.body).toMatchObject({ status: 'success', amount: 15 });
    expect(back.body.wallet).toEqual({ amount: 75, cash: 75, bonus: 0 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 7500,
      'game:JOKER': 2500,
      transfer_hold: 0,
    });
    expect(await providerBalance(h.db, 'JOKER', p.gameUser)).toBe(2500);
  });

  it("refuses what the spec's validation rules refuse and moves nothing", async () => {
    const p = await player();
    const cases: [object, number, object][] = [
      [{ from: 'NONE', to: 'JOKER', amount: 5 }, 400, { code: 'KEY_INVALID', field: 'from' }],
      [{ to: 'JOKER', amount: 5 }, 400, { code: 'KEY_MISSING', field: 'from' }],
      [{ from: 'JOKER', to: 'JOKER', amount: 5 }, 400, { code: 'KEY_INVALID', field: 'to' }],
      [{ from: 'WALLET', to: 'JOKER', amount: 0.99 }, 400, { code: 'TRANSFER_MINIMUM' }],
      [{ from: 'WALLET', to: 'JOKER', amount: 100.01 }, 400, { code: 'MONEY_NOT_ENOUGH' }],
      [{ from: 'JOKER', to: 'WALLET', amount: 1 }, 400, { code: 'MONEY_NOT_ENOUGH' }],
      [{ from: 'WALLET', to: 'SLOTXO', amount: 1 }, 404, { code: 'SLOT_NO_ACCOUNT' }],
    ];
    const before = await h.count(ledgerTransactions);
    for (const [body, status, error] of cases) {
      const res = await move(h.app, p.token, 'transfer', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject(error);
    }
    expect(await h.count(ledgerTransactions)).toBe(before);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 10000 });
  });

  it('answers TRANSFER_FAIL with the funds back when the provider fails, either way', async () => {
    const p = await player();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 30 });
    await setFault(h.app, 'PG', 'fail');
    const toGame = await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 10 });
    expect(toGame.status).toBe(502);
    expect(toGame.body).toMatchObject({ code: 'TRANSFER_FAIL' });
    const fromGame = await move(h.app, p.token, 'transfer', {
      from: 'PG',
      to: 'WALLET',
      amount: 10,
    });
    expect(fromGame.body).toMatchObject({ code: 'TRANSFER_FAIL' });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 7000,
      'game:PG': 3000,
      transfer_hold: 0,
    });
    const statement = await statementOf(p.token);
    expect(statement.filter((s) => s.status === 'failed')).toHaveLength(2);
  });

  it('holds a transfer whose provider times out, then returns it once the provider says it never happened', async () => {
    const p = await player();
    await setFault(h.app, 'UFABET', 'timeout');
    const res = await move(h.app, p.token, 'transfer', {
      from: 'WALLET',
      to: 'UFABET',
      amount: 25,
    });
    expect(res.body).toMatchObject({ status: 'processing', amount: 25 });
    expect(res.body.wallet).toMatchObject({ cash: 75 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 7500, transfer_hold: 2500 });
    expect((await statementOf(p.token))[0]).toMatchObject({ status: 'processing', to: 'UFABET' });

    // Still silent: the reconciler does not guess.
    await h.app.money.transfers.reconcile(0);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ transfer_hold: 2500 });

    await setFault(h.app, 'UFABET', 'ok');
    expect(await h.app.money.transfers.reconcile(0)).toMatchObject({ settled: 1 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 10000, transfer_hold: 0 });
    expect(await providerBalance(h.db, 'UFABET', p.gameUser)).toBe(0);
    expect((await statementOf(p.token))[0]).toMatchObject({ status: 'failed' });
    // Settled once: a second run finds nothing.
    expect(await h.app.money.transfers.reconcile(0)).toEqual({ settled: 0, pending: 0 });
  });

  it('completes a transfer whose answer was lost, after asking the provider', async () => {
    const p = await player();
    await setFault(h.app, 'HUAYHD', 'lost');
    const res = await move(h.app, p.token, 'transfer', {
      from: 'WALLET',
      to: 'HUAYHD',
      amount: 20,
    });
    expect(res.body).toMatchObject({ status: 'processing' });
    expect(await providerBalance(h.db, 'HUAYHD', p.gameUser)).toBe(2000);
    await setFault(h.app, 'HUAYHD', 'ok');
    await h.app.money.transfers.reconcile(0);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 8000,
      'game:HUAYHD': 2000,
      transfer_hold: 0,
    });
    expect((await statementOf(p.token))[0]).toMatchObject({ status: 'success' });
  });

  it('settles every pending transfer in one run, more than it looks up at once', async () => {
    const p = await player();
    await setFault(h.app, 'HUAYHD', 'lost');
    for (let i = 0; i < 12; i++) {
      const res = await move(h.app, p.token, 'transfer', {
        from: 'WALLET',
        to: 'HUAYHD',
        amount: 1,
      });
      expect(res.body).toMatchObject({ status: 'processing' });
    }
    await setFault(h.app, 'HUAYHD', 'ok');
    expect(await h.app.money.transfers.reconcile(0)).toEqual({ settled: 12, pending: 0 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 8800,
      'game:HUAYHD': 1200,
      transfer_hold: 0,
    });
    expect(await providerBalance(h.db, 'HUAYHD', p.gameUser)).toBe(1200);
  });

  it('drains a backlog larger than one lookup in a single run', async () => {
    const p = await player();
    await setFault(h.app, 'HUAYHD', 'lost');
    for (let i = 0; i < 7; i++) {
      await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'HUAYHD', amount: 1 });
    }
    await setFault(h.app, 'HUAYHD', 'ok');
    // Lookups of 3: three of them in one run.
    expect(await h.app.money.transfers.reconcile(0, 3)).toEqual({ settled: 7, pending: 0 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 9300,
      'game:HUAYHD': 700,
      transfer_hold: 0,
    });
    expect(await providerBalance(h.db, 'HUAYHD', p.gameUser)).toBe(700);
  });

  it('settles lost and timed-out transfers out of a game exactly where they belong', async () => {
    const p = await player();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 50 });
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 50 });
    await setFault(h.app, 'JOKER', 'lost');
    await setFault(h.app, 'PG', 'timeout');
    const lost = await move(h.app, p.token, 'transfer', {
      from: 'JOKER',
      to: 'WALLET',
      amount: 20,
    });
    const silent = await move(h.app, p.token, 'transfer', { from: 'PG', to: 'WALLET', amount: 20 });
    expect(lost.body).toMatchObject({ status: 'processing' });
    expect(silent.body).toMatchObject({ status: 'processing' });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 0, transfer_hold: 4000 });
    await setFault(h.app, 'JOKER', 'ok');
    await setFault(h.app, 'PG', 'ok');
    // Two processes reconciling at once still settle each transfer once.
    const other = await h.build();
    await Promise.all([h.app.money.transfers.reconcile(0), other.money.transfers.reconcile(0)]);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 2000,
      'game:JOKER': 3000,
      'game:PG': 5000,
      transfer_hold: 0,
    });
    expect(await providerBalance(h.db, 'JOKER', p.gameUser)).toBe(3000);
    expect(await providerBalance(h.db, 'PG', p.gameUser)).toBe(5000);
  });

  it('settles pending transfers by itself when the reconciler runs on its interval', async () => {
    const ticking = await h.build({
      RECONCILE_INTERVAL_MS: '100',
      GAME_PROVIDER_TIMEOUT_MS: '100',
      RECONCILE_GRACE_MS: '200',
    });
    const p = await player();
    await setFault(h.app, 'HUAYHD', 'lost');
    const res = await move(ticking, p.token, 'transfer', {
      from: 'WALLET',
      to: 'HUAYHD',
      amount: 5,
    });
    expect(res.body).toMatchObject({ status: 'processing' });
    await setFault(h.app, 'HUAYHD', 'ok');
    let balances = await ledgerBalances(h.db, p.id);
    for (let i = 0; i < 50 && balances.transfer_hold !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      balances = await ledgerBalances(h.db, p.id);
    }
    expect(balances).toMatchObject({ cash: 9500, 'game:HUAYHD': 500, transfer_hold: 0 });
    await ticking.close();
  });

  it('answers a retried transfer from its key without moving the money again', async () => {
    const p = await player();
    const key = 'transfer-retry-1';
    const body = { from: 'WALLET', to: 'JOKER', amount: 10 };
    const first = await move(h.app, p.token, 'transfer', body, key);
    const again = await move(h.app, p.token, 'transfer', body, key);
    expect(again.body).toEqual(first.body);
    expect(await providerBalance(h.db, 'JOKER', p.gameUser)).toBe(1000);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 9000 });
  });

  it('keeps a refusal as the answer of its key, even once the member could afford it', async () => {
    const p = await player();
    const body = { from: 'WALLET', to: 'JOKER', amount: 150 };
    const refused = await move(h.app, p.token, 'transfer', body, 'transfer-poor-1');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await topUp(h.app, p.token, 100);
    const again = await move(h.app, p.token, 'transfer', body, 'transfer-poor-1');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused.body);
    const balances = await ledgerBalances(h.db, p.id);
    expect(balances.cash).toBe(20000);
    expect(balances['game:JOKER'] ?? 0).toBe(0);
    // A fresh key is a fresh request.
    const fresh = await move(h.app, p.token, 'transfer', body);
    expect(fresh.body).toMatchObject({ status: 'success', amount: 150 });
  });

  it('answers a retried TRANSFER_FAIL the same, and another body under a used key with 422', async () => {
    const p = await player();
    await setFault(h.app, 'PG', 'fail');
    const body = { from: 'WALLET', to: 'PG', amount: 10 };
    const failed = await move(h.app, p.token, 'transfer', body, 'transfer-fail-1');
    expect(failed.status).toBe(502);
    await setFault(h.app, 'PG', 'ok');
    const again = await move(h.app, p.token, 'transfer', body, 'transfer-fail-1');
    expect(again.status).toBe(502);
    expect(again.body).toEqual(failed.body);
    const moved = await move(h.app, p.token, 'transfer', body, 'transfer-done-1');
    expect(moved.status).toBe(200);
    const other = await move(
      h.app,
      p.token,
      'transfer',
      { from: 'WALLET', to: 'PG', amount: 11 },
      'transfer-done-1',
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'KEY_INVALID' });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 9000, 'game:PG': 1000 });
  });

  it('answers a repeat while the first transfer of its key still runs with 409, then the answer', async () => {
    const p = await player();
    await setFault(h.app, 'UFABET', 'timeout');
    const body = { from: 'WALLET', to: 'UFABET', amount: 10 };
    const first = move(h.app, p.token, 'transfer', body, 'transfer-slow-1');
    // The first request waits on the provider once its opening has claimed the key.
    await expect
      .poll(async () => {
        const [row] = await rows<{ state: string }>(
          h.db,
          sql`select state from idempotency_keys where member_id = ${p.id} and key = 'transfer-slow-1'`,
        );
        return row?.state;
      })
      .toBe('running');
    const repeat = await move(h.app, p.token, 'transfer', body, 'transfer-slow-1');
    expect(repeat.status).toBe(409);
    const answered = await first;
    expect(answered.body).toMatchObject({ status: 'processing', amount: 10 });
    const again = await move(h.app, p.token, 'transfer', body, 'transfer-slow-1');
    expect(again.body).toEqual(answered.body);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 9000, transfer_hold: 1000 });
    await setFault(h.app, 'UFABET', 'ok');
    await h.app.money.transfers.reconcile(0);
  });

  it('moves everything home with transferAll, and the whole wallet into one game', async () => {
    const p = await player();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 30 });
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 20 });
    await call(h.app, 'POST', '/api/sandbox/games/PG/round', {
      token: p.token,
      body: { bet: 5, win: 0 },
    });
    const home = await move(h.app, p.token, 'transferAll', { to: 'WALLET' });
    expect(home.body).toMatchObject({ status: 'success', amount: 45 });
    expect(home.body.wallet).toMatchObject({ cash: 95 });
    const all = await move(h.app, p.token, 'transferAll', { to: 'UFABET' });
    expect(all.body).toMatchObject({ status: 'success', amount: 95 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({ cash: 0, 'game:UFABET': 9500 });
    const none = await move(h.app, p.token, 'transferAll', { to: 'JOKER' });
    expect(none.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
  });

  it('moves money from one game to another through the wallet', async () => {
    const p = await player();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 30 });
    const res = await move(h.app, p.token, 'transfer', { from: 'JOKER', to: 'PG', amount: 12 });
    expect(res.body).toMatchObject({ status: 'success', amount: 12 });
    expect(await ledgerBalances(h.db, p.id)).toMatchObject({
      cash: 7000,
      'game:JOKER': 1800,
      'game:PG': 1200,
    });
  });

  it('answers a retried game-to-game transfer whose second leg failed with the same TRANSFER_FAIL, moving nothing more', async () => {
    const p = await player();
    await move(h.app, p.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 30 });
    await setFault(h.app, 'PG', 'fail');
    const key = 'game-to-game-retry-1';
    const body = { from: 'JOKER', to: 'PG', amount: 12 };
    const first = await move(h.app, p.token, 'transfer', body, key);
    expect(first.status).toBe(502);
    expect(first.body).toMatchObject({ code: 'TRANSFER_FAIL' });
    // The first leg came home: the 12 baht are in the wallet, as TRANSFER_FAIL says.
    const after = { cash: 8200, 'game:JOKER': 1800 };
    expect(await ledgerBalances(h.db, p.id)).toMatchObject(after);

    const again = await move(h.app, p.token, 'transfer', body, key);
    expect(again.status).toBe(502);
    expect(again.body).toEqual(first.body);
    expect(await ledgerBalances(h.db, p.id)).toMatchObject(after);
    expect(await providerBalance(h.db, 'JOKER', p.gameUser)).toBe(1800);
  });
});
