import { afterEach, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema';
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
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('withdrawals', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });

  const settle = (username: string, status: 'success' | 'failed') =>
    call(h.app, 'POST', '/api/sandbox/withdrawals/settle', { body: { username, status } });

  const statementOf = async (token: string) =>
    (await call(h.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } })).body
      .statements as { statementType: string; status: string; amount: number; to: string }[];

  it('holds a withdrawal as processing, then pays it out when the bank settles', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    await topUp(h.app, m.token, 500);
    const res = await move(h.app, m.token, 'withdraw', { amount: 200 });
    expect(res.body).toMatchObject({ success: true, status: 'processing', amount: 200 });
    expect(res.body.wallet).toMatchObject({ cash: 300 });
    expect(await ledgerBalances(h.db, id)).toMatchObject({
      cash: 30000,
      pending_withdrawal: 20000,
    });
    expect((await statementOf(m.token))[0]).toMatchObject({
      statementType: 'withdraw',
      status: 'processing',
      amount: 200,
      to: 'SCB',
    });
    expect((await settle(m.username, 'success')).body).toEqual({ settled: 1 });
    expect(await ledgerBalances(h.db, id)).toMatchObject({ cash: 30000, pending_withdrawal: 0 });
    expect((await statementOf(m.token))[0]).toMatchObject({ status: 'success' });
    // Settling again finds nothing pending: paid once.
    expect((await settle(m.username, 'failed')).body).toEqual({ settled: 0 });
  });

  it('returns a failed payout to the cash wallet', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    await topUp(h.app, m.token, 500);
    await move(h.app, m.token, 'withdraw', { amount: 150 });
    expect((await settle(m.username, 'failed')).body).toEqual({ settled: 1 });
    expect(await ledgerBalances(h.db, id)).toMatchObject({ cash: 50000, pending_withdrawal: 0 });
    expect((await statementOf(m.token))[0]).toMatchObject({ status: 'failed' });
  });

  it('refuses amounts outside the limits and beyond the balance, moving nothing', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 500);
    const before = await h.count(ledgerTransactions);
    const low = await move(h.app, m.token, 'withdraw', { amount: 99.99 });
    expect(low.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
    const high = await move(h.app, m.token, 'withdrawAll', { amount: 50_000.01 });
    expect(high.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
    const much = await move(h.app, m.token, 'withdraw', { amount: 500.01 });
    expect(much.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    const zero = await move(h.app, m.token, 'withdraw', { amount: 0 });
    expect(zero.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
    expect(await h.count(ledgerTransactions)).toBe(before);
  });

  it('brings the game balances home before withdrawing with withdrawAll', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    await topUp(h.app, m.token, 300);
    await activate(h.app, m.token, 'JOKER');
    await move(h.app, m.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 250 });
    const res = await move(h.app, m.token, 'withdrawAll', { amount: 300 });
    expect(res.body).toMatchObject({ status: 'processing', amount: 300 });
    expect(await ledgerBalances(h.db, id)).toMatchObject({
      cash: 0,
      'game:JOKER': 0,
      pending_withdrawal: 30000,
    });
  });

  it('answers a stored refusal again for a retried key', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    const key = 'withdraw-retry-1';
    const first = await move(h.app, m.token, 'withdraw', { amount: 150 }, key);
    expect(first.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await topUp(h.app, m.token, 100);
    const again = await move(h.app, m.token, 'withdraw', { amount: 150 }, key);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
  });

  it('answers NO_USER when the sandbox settles an unknown member', async () => {
    const res = await settle('0000000000', 'success');
    expect(res.body).toMatchObject({ code: 'NO_USER' });
  });
});
