import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { readSetting, writeSetting } from '../../core/settings/settings.repository';
import { gameRounds } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  expectLedgerInvariants,
  fundGame,
  ledgerBalances,
  memberIdOf,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

describeOnDatabases('loss refunds', (target) => {
  const h = useHarness(target);

  const get = (m: Member, path: string) => call(h.app, 'GET', path, { token: m.token });
  const play = (m: Member, bet: number, win: number, playedAt?: string) =>
    call(h.app, 'POST', '/api/sandbox/games/PG/round', {
      token: m.token,
      body: { bet, win, ...(playedAt ? { playedAt } : {}) },
    });
  /** A day and an hour ago: the sandbox provider dates the round back (the API contract sandbox). */
  const yesterdayIso = () => new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();

  /** A member who lost 500 and won 200 on a 200 stake, the rounds synced and dated yesterday. */
  async function loser(): Promise<Member> {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 1000);
    await fundGame(h.app, m.token, 'PG', 1000);
    await play(m, 500, 0, yesterdayIso());
    await play(m, 200, 400, yesterdayIso());
    await get(m, '/api/wallet/refresh/slot');
    return m;
  }
  async function yesterday(m: Member) {
    await h.db
      .update(gameRounds)
      .set({ playedAt: sql`now() - interval '1 day 1 hour'` })
      .where(eq(gameRounds.memberId, await memberIdOf(h.db, m.username)));
  }

  it('refunds the rounds of past days at the configured rates: received once, paid once', async () => {
    const m = await loser();
    // 5 % of the 500 lost, 0.5 % of the 200 staked on the round that won.
    const check = await get(m, '/api/refund/check');
    expect(check.body).toMatchObject({
      result: true,
      bonus: false,
      refundAmount: 26,
      refundSuccess: 0.5,
      refundFail: 5,
      info: expect.stringContaining('5%'),
    });
    expect((await get(m, '/api/refund/receive')).body).toEqual({ message: 'REFUND_SUCCESS' });
    expect((await get(m, '/api/refund/check')).body).toMatchObject({
      result: false,
      refundAmount: 0,
      received: 26,
    });
    expect((await get(m, '/api/refund/receive')).body.code).toBe('NO_REFUND');
    const log = await call(h.app, 'POST', '/api/refund', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(log.body).toMatchObject({ total: 1, refunds: [{ refundAmount: 26 }] });

    const before = (await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash ?? 0;
    // The same action sent again with its key answers the first answer and moves nothing more.
    const key = { 'idempotency-key': randomUUID() };
    const paid = await call(h.app, 'GET', '/api/refund/addWallet', {
      token: m.token,
      headers: key,
    });
    expect(paid.body).toMatchObject({ success: true, amount: 26 });
    const again = await call(h.app, 'GET', '/api/refund/addWallet', {
      token: m.token,
      headers: key,
    });
    expect(again.body).toEqual(paid.body);
    expect((await get(m, '/api/refund/check')).body).toMatchObject({ received: 0 });
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash).toBe(
      before + 2_600,
    );
    expect((await get(m, '/api/refund/addWallet')).body.code).toBe('NO_REFUND');
    await expectLedgerInvariants(h.db);
  });

  it('refuses a round dated in the future or too far back', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    await fundGame(h.app, m.token, 'PG', 100);
    const ahead = new Date(Date.now() + 60_000).toISOString();
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
    for (const playedAt of [ahead, old, 'yesterday']) {
      expect((await play(m, 10, 0, playedAt)).status).toBe(400);
    }
  });

  it("waits for the day to end before today's rounds are refunded", async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    await fundGame(h.app, m.token, 'PG', 100);
    await play(m, 100, 0);
    await get(m, '/api/wallet/refresh/slot');
    expect((await get(m, '/api/refund/check')).body).toMatchObject({
      result: false,
      refundAmount: 0,
    });
    expect((await get(m, '/api/refund/receive')).body.code).toBe('NO_REFUND');
    await yesterday(m);
    expect((await get(m, '/api/refund/check')).body).toMatchObject({ refundAmount: 5 });
  });

  it('refuses a refund while a bonus runs', async () => {
    const m = await loser();
    await get(m, '/api/bonus/activate/DAILY10');
    const body = m.body as { bankCode: string; bankAccountNo: string };
    await call(h.app, 'POST', '/api/sandbox/bank-transfer', {
      body: {
        bankCode: body.bankCode,
        accountNo: body.bankAccountNo,
        amount: 500,
        reference: `R${m.username}`,
      },
    });
    expect((await get(m, '/api/refund/check')).body).toMatchObject({ bonus: true, result: true });
    expect((await get(m, '/api/refund/receive')).body.code).toBe('REFUND_CONDITION');
  });

  it('receives and pays once when many requests race', async () => {
    const m = await loser();
    const receives = await Promise.all(
      Array.from({ length: 50 }, () => get(m, '/api/refund/receive')),
    );
    expect(receives.filter((r) => r.status === 200)).toHaveLength(1);
    const pays = await Promise.all(
      Array.from({ length: 50 }, () => get(m, '/api/refund/addWallet')),
    );
    const paidAmounts = pays.map((p) => (p.status === 200 ? Number(p.body.amount) : 0));
    expect(paidAmounts.reduce((a, b) => a + b, 0)).toBe(26);
    // Cash: 1,000 deposited, 1,000 moved to the game, 26 refunded.
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash).toBe(2_600);
    await expectLedgerInvariants(h.db);
  });

  it('answers REFUND_INACTIVE while the operator has refunds off', async () => {
    const m = await loser();
    const setting = await readSetting(h.db, 'refund');
    await writeSetting(h.db, 'refund', { ...setting, isActive: false });
    try {
      expect((await get(m, '/api/refund/receive')).body.code).toBe('REFUND_INACTIVE');
      expect((await get(m, '/api/refund/check')).body).toMatchObject({ refundAmount: 0 });
    } finally {
      await writeSetting(h.db, 'refund', setting);
    }
  });
});
