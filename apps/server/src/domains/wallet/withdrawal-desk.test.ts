import { afterEach, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newLaoPhone } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf, move, topUp } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Waiting = {
  id: number;
  username: string;
  amount: number;
  currency: string;
  status: string;
  memberSince: string;
};

describeOnDatabases('withdrawals that wait for staff', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });

  const settle = (username: string) =>
    call(h.app, 'POST', '/api/sandbox/withdrawals/settle', {
      body: { username, status: 'success' },
    });
  const statementOf = async (token: string) =>
    (await call(h.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } })).body
      .statements as { statementType: string; status: string; amount: number; reason?: object }[];
  const waiting = async (token: string) =>
    (await call(h.app, 'GET', '/api/backoffice/withdrawals?status=waiting', { token })).body
      .withdrawals as Waiting[];

  it('holds one above 5,000 baht for staff; approved, it goes to the payout bank once', async () => {
    const { app, db } = h;
    const m = await memberWithToken(app);
    const id = await memberIdOf(db, m.username);
    await topUp(app, m.token, 20_000);
    const small = await move(app, m.token, 'withdraw', { amount: 5_000 });
    expect(small.body.status).toBe('processing');
    const large = await move(app, m.token, 'withdraw', { amount: 6_000 });
    expect(large.body).toMatchObject({ status: 'processing', wallet: { cash: 9_000 } });

    const [viewer, finance] = await Promise.all([
      staffToken(app, 'viewer'),
      staffToken(app, 'finance'),
    ]);
    const queue = (await waiting(viewer)).filter((row) => row.username === m.username);
    // What decides, inline: today's money and whether a bonus runs.
    expect(queue).toMatchObject([
      {
        amount: 6_000,
        currency: 'BAHT',
        status: 'waiting',
        depositsToday: 20_000,
        withdrawalsToday: 11_000,
        bonusRunning: false,
        bonus: null,
      },
    ]);
    expect(Date.now() - Date.parse(String(queue[0]?.memberSince))).toBeLessThan(3_600_000);
    const wid = Number(queue[0]?.id);

    // The payout bank has only the one at the threshold.
    expect((await settle(m.username)).body).toEqual({ settled: 1 });
    expect(await ledgerBalances(db, id)).toMatchObject({ pending_withdrawal: 600_000 });

    const byViewer = await call(app, 'POST', `/api/backoffice/withdrawals/${wid}/approve`, {
      token: viewer,
    });
    expect(byViewer.body.code).toBe('FORBIDDEN');
    const approvals = await Promise.all([
      call(app, 'POST', `/api/backoffice/withdrawals/${wid}/approve`, { token: finance }),
      call(app, 'POST', `/api/backoffice/withdrawals/${wid}/approve`, { token: finance }),
    ]);
    for (const res of approvals) expect(res.body).toEqual({ id: wid, status: 'approved' });
    expect((await waiting(viewer)).map((row) => row.id)).not.toContain(wid);

    expect((await settle(m.username)).body).toEqual({ settled: 1 });
    expect(await ledgerBalances(db, id)).toMatchObject({ cash: 900_000, pending_withdrawal: 0 });
    expect((await statementOf(m.token)).slice(0, 2)).toMatchObject([
      { statementType: 'withdraw', status: 'success', amount: 6_000 },
      { statementType: 'withdraw', status: 'success', amount: 5_000 },
    ]);
  });

  it("shows inline a taken bonus with its turnover, and the member's flags", async () => {
    const { app } = h;
    const m = await memberWithToken(app);
    await topUp(app, m.token, 10_000);
    const taken = await call(app, 'GET', '/api/bonus/activate/DAILY10', { token: m.token });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    // Taken but not paid yet (no deposit since): the member may still withdraw.
    expect((await move(app, m.token, 'withdraw', { amount: 6_000 })).status).toBe(200);
    const viewer = await staffToken(app, 'viewer');
    const row = ((await waiting(viewer)) as (Waiting & Record<string, unknown>)[]).find(
      (one) => one.username === m.username,
    );
    expect(row).toMatchObject({
      bonusRunning: false,
      bonus: { code: 'DAILY10', state: 'waiting', turnoverDone: 0 },
      flags: expect.arrayContaining([
        expect.objectContaining({ kind: 'bonus-then-withdrawal', amount: 6_000 }),
      ]),
    });
  });

  it('pages and sorts the queue on the server, with the whole queue in its header', async () => {
    const { app } = h;
    const m = await memberWithToken(app);
    await topUp(app, m.token, 40_000);
    for (const amount of [6_100, 8_300, 7_200]) await move(app, m.token, 'withdraw', { amount });
    const viewer = await staffToken(app, 'viewer');
    const page = async (query: string) =>
      (
        await call(app, 'GET', `/api/backoffice/withdrawals?status=waiting&${query}`, {
          token: viewer,
        })
      ).body;
    const all = await page('limit=100');
    const mine = (all.withdrawals as Waiting[]).filter((row) => row.username === m.username);
    expect(mine.map((row) => row.amount)).toEqual([6_100, 8_300, 7_200]);
    const summary = all.summary as {
      totals: { currency: string; count: number; amount: number }[];
    };
    const baht = summary.totals.find((row) => row.currency === 'BAHT');
    expect(baht?.count).toBe(all.total);
    expect(Number(baht?.amount)).toBeGreaterThanOrEqual(21_600);

    const biggest = await page('sort=amount&order=desc&limit=1');
    expect(biggest.withdrawals).toHaveLength(1);
    expect(biggest.total).toBe(all.total);
    const second = await page('sort=amount&order=desc&limit=1&page=2');
    const [first, next] = [biggest, second].map(
      (body) => (body.withdrawals as Waiting[])[0]?.amount,
    );
    expect(Number(first)).toBeGreaterThanOrEqual(Number(next));
    for (const bad of ['page=0', 'limit=101', 'sort=name', 'order=up']) {
      expect((await page(bad)).code, bad).toBe('KEY_INVALID');
    }
  });

  it('gives the money back when staff reject it, with the reason on the statement', async () => {
    const { app, db } = h;
    const m = await memberWithToken(app);
    const id = await memberIdOf(db, m.username);
    await topUp(app, m.token, 10_000);
    await move(app, m.token, 'withdraw', { amount: 8_000 });
    const finance = await staffToken(app, 'finance');
    const wid = (await waiting(finance)).find((row) => row.username === m.username)?.id;

    const noReason = await call(app, 'POST', `/api/backoffice/withdrawals/${wid}/reject`, {
      token: finance,
      body: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    const rejected = await call(app, 'POST', `/api/backoffice/withdrawals/${wid}/reject`, {
      token: finance,
      body: { reason: 'The bank account name does not match' },
    });
    expect(rejected.body).toEqual({ id: wid, status: 'rejected' });
    expect(await ledgerBalances(db, id)).toMatchObject({ cash: 1_000_000, pending_withdrawal: 0 });
    expect((await statementOf(m.token))[0]).toMatchObject({
      statementType: 'withdraw',
      status: 'failed',
      amount: 8_000,
      reason: { description: 'The bank account name does not match' },
    });
    // Decided once: it can be neither approved nor rejected again to move money twice.
    const late = await call(app, 'POST', `/api/backoffice/withdrawals/${wid}/approve`, {
      token: finance,
    });
    expect(late.status).toBe(404);
    expect((await settle(m.username)).body).toEqual({ settled: 0 });
  });

  describe('in kip', () => {
    it('waits above 3,000,000 kip, not at 2,000,000', async () => {
      const laos = await h.build({ LAOS: '1' });
      const m = await memberWithToken(laos, {
        username: newLaoPhone(),
        bankCode: 'BCEL',
        currency: 'LAK',
      });
      await topUp(laos, m.token, 6_000_000);
      await move(laos, m.token, 'withdraw', { amount: 2_000_000 });
      await move(laos, m.token, 'withdraw', { amount: 3_500_000 });
      const finance = await staffToken(laos, 'finance');
      const mine = (await waiting(finance)).filter((row) => row.username === m.username);
      expect(mine).toMatchObject([{ amount: 3_500_000, currency: 'LAK' }]);
    });
  });
});
