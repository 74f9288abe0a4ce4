import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../core/ledger/ledger';
import { memberBonuses } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  expectLedgerInvariants,
  fundGame,
  ledgerBalances,
  memberIdOf,
  move,
  playRound,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';
import { findMemberMoneyInfo } from '../games/games.repository';
import { markTakePaid } from './bonus.repository';
import { BonusService } from './bonus.service';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

describeOnDatabases('bonuses and promotion codes', (target) => {
  const h = useHarness(target);

  const get = (m: Member, path: string) => call(h.app, 'GET', path, { token: m.token });
  const balances = async (m: Member) => ledgerBalances(h.db, await memberIdOf(h.db, m.username));
  const deposit = (m: Member, amount: number) => {
    const body = m.body as { bankCode: string; bankAccountNo: string };
    return call(h.app, 'POST', '/api/sandbox/bank-transfer', {
      body: {
        bankCode: body.bankCode,
        accountNo: body.bankAccountNo,
        amount,
        reference: `SCB${randomUUID()}`,
      },
    });
  };
  const play = (m: Member, bet: number, win: number) => playRound(h.app, m.token, { bet, win });
  const running = async (m: Member) =>
    (await get(m, '/api/bonus')).body.running as Record<string, unknown> | null;

  it("lists the bonuses of the member's currency, each with the member's record", async () => {
    const m = await memberWithToken(h.app);
    const res = await get(m, '/api/bonus');
    expect(res.status).toBe(200);
    const list = res.body.bonuses as { code: string; type: string; userBonus: unknown }[];
    expect(list.map((b) => [b.code, b.type])).toEqual([
      ['WELCOME100', 'limit'],
      ['DAILY10', 'day'],
      ['WEEKLY20', 'week'],
    ]);
    expect(list.every((b) => b.userBonus === null)).toBe(true);
    expect(res.body.running).toBeNull();
  });

  it('pays a taken bonus into the bonus wallet on the next deposit, and holds withdrawals and deposits while it runs', async () => {
    const m = await memberWithToken(h.app);
    const taken = await get(m, '/api/bonus/activate/welcome100');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ isActive: true, received: [expect.any(Object)] });
    expect((await get(m, '/api/bonus/check/active')).body).toEqual({ status: true, type: 'limit' });
    expect(await running(m)).toMatchObject({ code: 'WELCOME100', state: 'waiting' });
    const second = await get(m, '/api/bonus/activate/DAILY10');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('BONUS_ALREADY_ACTIVE');

    // Below the minimum the deposit pays nothing; the next one of 200 baht pays 100 % of it.
    await deposit(m, 50);
    expect((await balances(m)).bonus ?? 0).toBe(0);
    await deposit(m, 200);
    expect(await balances(m)).toMatchObject({ cash: 25_000, bonus: 20_000 });
    expect(await running(m)).toMatchObject({
      state: 'active',
      deposit: 200,
      bonus: 200,
      turnoverDone: 0,
      turnoverTarget: 2000,
      threshold: 40,
      inPlay: 250,
      locked: 450,
      withdrawable: 0,
    });
    const statement = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toContainEqual(
      expect.objectContaining({ statementType: 'bonus', amount: 200 }),
    );

    const withdraw = await move(h.app, m.token, 'withdraw', { amount: 100 });
    expect(withdraw.body.code).toBe('BONUS_CONDITION');
    const qr = await call(h.app, 'POST', '/api/qrcode/KBANK', {
      token: m.token,
      body: { amount: 100 },
    });
    expect(qr.body.code).toBe('BONUS_REMAINING');
    // A bank transfer still lands (the money has arrived), and pays no second bonus.
    await deposit(m, 300);
    expect(await balances(m)).toMatchObject({ cash: 55_000, bonus: 20_000 });
    await expectLedgerInvariants(h.db);
  });

  it('finishes when the bets since the payment reach the turnover: the bonus becomes cash', async () => {
    const m = await memberWithToken(h.app);
    await get(m, '/api/bonus/activate/DAILY10');
    await deposit(m, 1000);
    // 10 % of 1,000 = 100; turnover (1,000 + 100) × 3 = 3,300.
    expect(await running(m)).toMatchObject({ bonus: 100, turnoverTarget: 3300 });
    await fundGame(h.app, m.token, 'PG', 1000);
    for (let i = 0; i < 3; i++) await play(m, 1000, 1000);
    expect(await running(m)).toMatchObject({ state: 'active', turnoverDone: 3000 });
    await play(m, 300, 300);
    expect(await running(m)).toBeNull();
    expect(await balances(m)).toMatchObject({ cash: 10_000, bonus: 0 });
    const statement = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toContainEqual(
      expect.objectContaining({ statementType: 'finish_bonus', amount: 100 }),
    );
    // Withdrawals are open again.
    const withdraw = await move(h.app, m.token, 'withdraw', { amount: 100 });
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    await expectLedgerInvariants(h.db);
  });

  it('is cancelled, its bonus forfeited, when the money in play falls to its threshold', async () => {
    const m = await memberWithToken(h.app);
    await get(m, '/api/bonus/activate/DAILY10');
    await deposit(m, 1000);
    await fundGame(h.app, m.token, 'PG', 1000);
    // Threshold: 10 % of 1,100 = 110. At 120 in play it runs on; at 100 it is cancelled.
    await play(m, 880, 0);
    expect((await get(m, '/api/bonus/check/minimum')).body).toEqual({
      status: false,
      minimum: 110,
      balance: 120,
    });
    await play(m, 20, 0);
    expect(await running(m)).toBeNull();
    expect((await balances(m)).bonus).toBe(0);
    expect((await get(m, '/api/bonus/check/active')).body).toEqual({ status: false, type: null });
    await expectLedgerInvariants(h.db);
  });

  it('lets the member clear the running bonus: the bonus money goes, the cash stays', async () => {
    const m = await memberWithToken(h.app);
    await get(m, '/api/bonus/activate/WEEKLY20');
    await deposit(m, 500);
    expect(await balances(m)).toMatchObject({ cash: 50_000, bonus: 10_000 });
    const cleared = await get(m, '/api/bonus/clear');
    expect(cleared.body).toEqual({ message: 'BONUS_CLEAR' });
    expect(await balances(m)).toMatchObject({ cash: 50_000, bonus: 0 });
    const again = await get(m, '/api/bonus/clear');
    expect(again.status).toBe(404);
    // A clear before any deposit moves nothing and does not count as received.
    await get(m, '/api/bonus/activate/WELCOME100');
    await get(m, '/api/bonus/clear');
    const list = (await get(m, '/api/bonus')).body.bonuses as {
      code: string;
      userBonus: { received: unknown[] } | null;
    }[];
    expect(list.find((b) => b.code === 'WELCOME100')?.userBonus).toBeNull();
    expect(list.find((b) => b.code === 'WEEKLY20')?.userBonus?.received).toHaveLength(1);
    await expectLedgerInvariants(h.db);
  });

  it('gives a once-only bonus once', async () => {
    const m = await memberWithToken(h.app);
    await get(m, '/api/bonus/activate/WELCOME100');
    await deposit(m, 100);
    await get(m, '/api/bonus/clear');
    const again = await get(m, '/api/bonus/activate/WELCOME100');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BONUS_MAX_CLAIMED');
  });

  it('finds and activates a promotion code once, whatever its case', async () => {
    const m = await memberWithToken(h.app);
    expect((await get(m, '/api/promotion/find/nope123')).body).toEqual({});
    expect((await get(m, '/api/promotion/find/WELCOME100')).body).toEqual({});
    const found = await get(m, '/api/promotion/find/newyear2027');
    expect(found.body).toMatchObject({
      percentFail: 10,
      description: expect.stringContaining('50%'),
    });
    expect((await get(m, '/api/promotion/activate/NOPE123')).body.code).toBe('NO_PROMOTION');
    expect((await get(m, '/api/promotion/activate/newyear2027')).body).toEqual({ success: true });
    expect((await get(m, '/api/promotion/current')).body).toMatchObject({
      promotion: { code: 'NEWYEAR2027', percentFail: 10 },
    });
    await deposit(m, 400);
    // 50 % of 400 = 200, at most 300.
    expect(await balances(m)).toMatchObject({ bonus: 20_000 });
    await get(m, '/api/bonus/clear');
    expect((await get(m, '/api/promotion/find/NEWYEAR2027')).body).toEqual({});
    const again = await get(m, '/api/promotion/activate/NEWYEAR2027');
    expect(again.body.code).toBe('PROMOTION_RECEIVED');
  });

  it('starts one bonus when many activations race, and pays it once', async () => {
    const m = await memberWithToken(h.app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        get(m, `/api/bonus/activate/${i % 2 ? 'DAILY10' : 'WEEKLY20'}`),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'BONUS_ALREADY_ACTIVE'),
    ).toBe(true);
    const id = await memberIdOf(h.db, m.username);
    expect(
      await h.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, id)),
    ).toHaveLength(1);
    await deposit(m, 1000);
    const clears = await Promise.all(Array.from({ length: 50 }, () => get(m, '/api/bonus/clear')));
    expect(clears.filter((c) => c.status === 200)).toHaveLength(1);
    expect((await balances(m)).bonus).toBe(0);
    await expectLedgerInvariants(h.db);
  });

  it('pays a bonus whose process died between the payment mark and the money, once', async () => {
    const m = await memberWithToken(h.app);
    // Cash from before the bonus, so that the money in play stays above its threshold.
    await topUp(h.app, m.token, 500);
    await get(m, '/api/bonus/activate/DAILY10');
    const id = await memberIdOf(h.db, m.username);
    const [take] = await h.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, id));
    if (!take) throw new Error('no take');
    await markTakePaid(h.db, take.id, {
      depositAmount: 50_000,
      bonusAmount: 5_000,
      turnoverTarget: 1,
    });
    expect((await balances(m)).bonus ?? 0).toBe(0);
    await h.app.money.bonuses.sweep();
    await h.app.money.bonuses.sweep();
    expect((await balances(m)).bonus).toBe(5_000);
  });
});

/** The day and week windows at their edges, Asia/Bangkok (UTC+7), with a clock the test moves. */
describe('bonus windows in Asia/Bangkok time', () => {
  let h: Harness;
  let clock: Date;
  let service: BonusService;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await startHarness({
      name: 'pglite',
      create: async () => {
        const { openDatabase } = await import('../../db/client');
        const database = await openDatabase({ kind: 'pglite', dataDir: null });
        return { database, url: null, drop: () => database.close() };
      },
    });
    app = h.app;
    service = new BonusService({
      db: h.db,
      ledger: new Ledger(h.db),
      member: async (memberId) => {
        const found = await findMemberMoneyInfo(h.db, memberId);
        if (!found) throw new Error('no member');
        return found;
      },
      now: () => clock,
      log: app.log,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Takes the bonus and marks it received at `at`, then ends it. */
  async function received(memberId: number, code: string, at: string) {
    clock = new Date(at);
    await service.activate({ memberId } as never, code);
    const last = (
      await h.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, memberId))
    ).at(-1);
    if (!last) throw new Error('no take');
    await h.db
      .update(memberBonuses)
      .set({ state: 'finished', paidAt: new Date(at), endedAt: new Date(at), endSettled: true })
      .where(eq(memberBonuses.id, last.id));
  }

  async function tryAt(memberId: number, code: string, at: string) {
    clock = new Date(at);
    try {
      await service.activate({ memberId } as never, code);
      await service.clear({ memberId } as never);
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  }

  it('counts a daily bonus per Bangkok day: 23:59 is the same day, 00:00 the next', async () => {
    const m = await memberWithToken(app);
    const id = await memberIdOf(h.db, m.username);
    // 2026-11-25 23:30 in Bangkok is 16:30 UTC.
    await received(id, 'DAILY10', '2026-11-25T16:30:00Z');
    expect(await tryAt(id, 'DAILY10', '2026-11-25T16:59:59Z')).toBe('BONUS_MAX_CLAIMED');
    expect(await tryAt(id, 'DAILY10', '2026-11-25T17:00:00Z')).toBe('ok');
  });

  it('counts a weekly bonus per Bangkok week, Monday to Sunday', async () => {
    const m = await memberWithToken(app);
    const id = await memberIdOf(h.db, m.username);
    // Sunday 2026-11-29 in Bangkok: two takes, the most WEEKLY20 allows in a week.
    await received(id, 'WEEKLY20', '2026-11-23T01:00:00Z');
    await received(id, 'WEEKLY20', '2026-11-29T10:00:00Z');
    expect(await tryAt(id, 'WEEKLY20', '2026-11-29T16:59:59Z')).toBe('BONUS_MAX_CLAIMED');
    // Monday 00:00 in Bangkok.
    expect(await tryAt(id, 'WEEKLY20', '2026-11-29T17:00:00Z')).toBe('ok');
  });
});
