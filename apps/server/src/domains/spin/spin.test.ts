import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { coupons, members, spinSlices, spins, spinwheels } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf, topUp } from '../../test/money';
import { startTwoProcesses, type TwoProcesses } from '../../test/processes';
import { describeWith } from '../../test/services';
import { insertCoupon, insertSpin } from './spin.repository';
import { SpinService } from './spin.service';

type Member = Awaited<ReturnType<typeof memberWithToken>>;
type Wheel = { name: string; slice: { code: string; label: string }[]; userCoin: number };
type OpenCoupon = {
  _id: string;
  prize: { name: string; slice: { code: string } };
  amount: number;
  kind: string;
};

const spin = (app: FastifyInstance, m: Member, key: string = randomUUID()) =>
  call(app, 'POST', '/api/spinwheel/spin', {
    token: m.token,
    headers: { 'idempotency-key': key },
  });

const claim = (app: FastifyInstance, m: Member, coupon: string, key: string = randomUUID()) =>
  call(app, 'POST', '/api/spinwheel/coupon/claim', {
    token: m.token,
    body: { coupon },
    headers: { 'idempotency-key': key },
  });

async function openCoupons(app: FastifyInstance, m: Member): Promise<OpenCoupon[]> {
  const res = await call(app, 'GET', '/api/spinwheel/coupon', { token: m.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.coupons as OpenCoupon[];
}

async function setCoins(db: Harness['db'], m: Member, coin: number) {
  await db
    .update(members)
    .set({ coin })
    .where(eq(members.id, await memberIdOf(db, m.username)));
}

async function coinsOf(db: Harness['db'], m: Member) {
  const [row] = await db
    .select({ coin: members.coin })
    .from(members)
    .where(eq(members.id, await memberIdOf(db, m.username)));
  return row?.coin;
}

/**
 * A coupon of the seeded wheel's slice `code` for the member, as a spin that landed there writes
 * it (the spin itself is tested through the API).
 */
async function couponOf(db: Harness['db'], m: Member, code: string, days = 7): Promise<string> {
  const memberId = await memberIdOf(db, m.username);
  const [slice] = await db
    .select({ id: spinSlices.id, wheelId: spinSlices.wheelId, kind: spinSlices.prizeKind })
    .from(spinSlices)
    .innerJoin(spinwheels, eq(spinwheels.id, spinSlices.wheelId))
    .where(and(eq(spinSlices.code, code), eq(spinwheels.name, 'Lucky wheel')));
  if (!slice) throw new Error(`no slice ${code}`);
  const spinId = await insertSpin(db, { memberId, wheelId: slice.wheelId, sliceId: slice.id });
  const amount = Number(code.replace(/\D/g, '')) * 100;
  const coupon = {
    memberId,
    spinId,
    sliceId: slice.id,
    kind: slice.kind,
    amount,
    currency: 'BAHT',
  };
  await insertCoupon(db, coupon, days);
  const [row] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.spinId, spinId));
  return String(row?.id);
}

describeOnDatabases('the prize wheel and its coupons', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const wallet = async (m: Member) => {
    const balances = await ledgerBalances(h.db, await memberIdOf(h.db, m.username));
    return { cash: balances.cash ?? 0, bonus: balances.bonus ?? 0 };
  };

  it('shows the seeded wheel, its slices and the member’s coins, and says it is active', async () => {
    const m = await memberWithToken(h.app);
    const active = await call(h.app, 'GET', '/api/spinwheel/active', { token: m.token });
    expect(active.body).toEqual({ isActive: true });
    const setup = await call(h.app, 'GET', '/api/spinwheel/setup', { token: m.token });
    expect(setup.status).toBe(200);
    const wheel = (setup.body.result as { activeSpinwheel: Wheel }).activeSpinwheel;
    expect(wheel.name).toBe('Lucky wheel');
    expect(wheel.slice.map((s) => s.code)).toEqual([
      'CASH5',
      'BONUS20',
      'CASH10',
      'CASH50',
      'BONUS50',
      'CASH20',
      'CASH100',
      'BONUS100',
    ]);
    expect(wheel.slice[0]).toMatchObject({ bgColor: '#0f766e', textColor: '#ffffff' });
    expect(wheel.userCoin).toBe(0);
    expect(setup.body.userCoin).toBe(0);
  });

  it('refuses a caller without a token', async () => {
    const res = await call(h.app, 'GET', '/api/spinwheel/setup');
    expect(res.status).toBe(401);
  });

  it('gives a coin for a 100-baht deposit; a spin spends it and writes a coupon of a wheel slice', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    const setup = await call(h.app, 'GET', '/api/spinwheel/setup', { token: m.token });
    expect(setup.body.userCoin).toBe(1);
    const codes = (setup.body.result as { activeSpinwheel: Wheel }).activeSpinwheel.slice.map(
      (s) => s.code,
    );

    const spun = await spin(h.app, m);
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    const result = spun.body.result as { code: string; label: string; remainingCoin: number };
    expect(spun.body.success).toBe(true);
    expect(codes).toContain(result.code);
    expect(result.remainingCoin).toBe(0);
    expect(await coinsOf(h.db, m)).toBe(0);

    const [coupon, ...more] = await openCoupons(h.app, m);
    expect(more).toEqual([]);
    expect(coupon?.prize.slice.code).toBe(result.code);
    expect(coupon?.prize.name).toBe(result.label);
    expect(coupon?.amount).toBe(Number(result.code.replace(/\D/g, '')));
    expect(coupon?.kind).toBe(result.code.startsWith('BONUS') ? 'bonus' : 'cash');
  });

  it('refuses a spin without a coin with MONEY_NOT_ENOUGH and writes nothing', async () => {
    const m = await memberWithToken(h.app);
    const [spinsBefore, couponsBefore] = [await h.count(spins), await h.count(coupons)];
    const res = await spin(h.app, m);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('MONEY_NOT_ENOUGH');
    expect(await h.count(spins)).toBe(spinsBefore);
    expect(await h.count(coupons)).toBe(couponsBefore);
    expect(await coinsOf(h.db, m)).toBe(0);
  });

  it('answers a repeated spin with the same key with the same slice, for one coin', async () => {
    const m = await memberWithToken(h.app);
    await setCoins(h.db, m, 3);
    const key = randomUUID();
    const first = await spin(h.app, m, key);
    const again = await spin(h.app, m, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await coinsOf(h.db, m)).toBe(2);
    expect(await openCoupons(h.app, m)).toHaveLength(1);
  });

  it('lands only on slices with weight: a wheel weighing 0 and 1 always stops on the second', async () => {
    const m = await memberWithToken(h.app);
    await setCoins(h.db, m, 20);
    await h.db.update(spinwheels).set({ active: false });
    try {
      const [wheel] = await h.db
        .insert(spinwheels)
        .values({
          name: 'Odds',
          active: true,
          currency: 'BAHT',
          depositPerCoin: 100,
          couponDays: 1,
        })
        .returning({ id: spinwheels.id });
      const slice = { label: 'x', bgColor: '#000', textColor: '#fff', htmlDescription: '' };
      await h.db.insert(spinSlices).values([
        { ...slice, wheelId: Number(wheel?.id), code: 'NEVER', weight: 0, prizeKind: 'none' },
        { ...slice, wheelId: Number(wheel?.id), code: 'ALWAYS', weight: 1, prizeKind: 'none' },
      ]);
      for (let i = 0; i < 20; i++) {
        const res = await spin(h.app, m);
        expect((res.body.result as { code: string }).code).toBe('ALWAYS');
      }
      // A slice that gives nothing writes no coupon.
      expect(await openCoupons(h.app, m)).toEqual([]);
      await h.db.update(spinSlices).set({ weight: 0 }).where(eq(spinSlices.code, 'ALWAYS'));
      await setCoins(h.db, m, 1);
      const nothing = await spin(h.app, m);
      expect(nothing.body.code).toBe('INVALID_PRIZE_CODE');
      expect(await coinsOf(h.db, m)).toBe(1);
      await h.db.update(spinwheels).set({ active: false });
    } finally {
      await h.db.update(spinwheels).set({ active: true }).where(eq(spinwheels.name, 'Lucky wheel'));
    }
  });

  it('credits a cash coupon into cash once, shown in the statement as a lucky-draw bonus', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'CASH50');
    const res = await claim(h.app, m, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, amount: 50 });
    expect(await wallet(m)).toEqual({ cash: 5_000, bonus: 0 });
    expect(await openCoupons(h.app, m)).toEqual([]);

    const statement = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({
        statementType: 'bonus',
        from: 'LUCKYDRAW',
        to: 'WALLET',
        status: 'success',
        amount: 50,
        luckydraw: { description: '฿50' },
      }),
    ]);

    const again = await claim(h.app, m, id);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('NO_CLAIMABLE_COUPON');
    expect(await wallet(m)).toEqual({ cash: 5_000, bonus: 0 });
  });

  it('credits a bonus coupon into the bonus wallet', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'BONUS20');
    expect((await claim(h.app, m, id)).status).toBe(200);
    expect(await wallet(m)).toEqual({ cash: 0, bonus: 2_000 });
  });

  it('answers a repeated claim with the same key as the first, crediting once', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'CASH10');
    const key = randomUUID();
    const first = await claim(h.app, m, id, key);
    const again = await claim(h.app, m, id, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await wallet(m)).toEqual({ cash: 1_000, bonus: 0 });
  });

  it("refuses another member's coupon as NO_CLAIMABLE_COUPON and moves nothing", async () => {
    const owner = await memberWithToken(h.app);
    const thief = await memberWithToken(h.app);
    const id = await couponOf(h.db, owner, 'CASH100');
    const res = await claim(h.app, thief, id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NO_CLAIMABLE_COUPON');
    expect(await wallet(thief)).toEqual({ cash: 0, bonus: 0 });
    expect(await openCoupons(h.app, thief)).toEqual([]);
    expect(await openCoupons(h.app, owner)).toHaveLength(1);
  });

  it('refuses an unknown coupon as NO_CLAIMABLE_COUPON and a malformed id as INVALID_CODE', async () => {
    const m = await memberWithToken(h.app);
    expect((await claim(h.app, m, '999999999')).body.code).toBe('NO_CLAIMABLE_COUPON');
    for (const bad of ['abc', '1.5', '-1', '0', '12345678901234567890']) {
      const res = await claim(h.app, m, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code, bad).toBe('INVALID_CODE');
    }
    expect((await claim(h.app, m, '')).body.code).toBe('KEY_MISSING');
  });

  it('refuses an expired coupon with COUPON_EXPIRED and no longer lists it', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'CASH20');
    await h.db
      .update(coupons)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(coupons.id, Number(id)));
    expect(await openCoupons(h.app, m)).toEqual([]);
    const res = await claim(h.app, m, id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('COUPON_EXPIRED');
    expect(await wallet(m)).toEqual({ cash: 0, bonus: 0 });
  });

  it('keeps a bonus coupon while a bonus is running (BONUS_REMAINING); a cash one still pays', async () => {
    const service = new SpinService({
      db: h.db,
      ledger: h.app.money.ledger,
      idempotency: h.app.money.idempotency,
      activeBonus: async () => true,
      log: { error: () => {}, info: () => {} },
    });
    const m = await memberWithToken(h.app);
    const auth = { memberId: await memberIdOf(h.db, m.username), tokenHash: '' };
    const bonusId = await couponOf(h.db, m, 'BONUS50');
    await expect(service.claim(auth, randomUUID(), bonusId)).rejects.toMatchObject({
      code: 'BONUS_REMAINING',
    });
    expect(await openCoupons(h.app, m)).toHaveLength(1);
    const cashId = await couponOf(h.db, m, 'CASH5');
    await expect(service.claim(auth, randomUUID(), cashId)).resolves.toEqual({
      success: true,
      amount: 5,
    });
    expect(await wallet(m)).toEqual({ cash: 500, bonus: 0 });
  });

  it('lists the member’s open coupons newest first', async () => {
    const m = await memberWithToken(h.app);
    const older = await couponOf(h.db, m, 'CASH5');
    const newer = await couponOf(h.db, m, 'BONUS100');
    expect((await openCoupons(h.app, m)).map((c) => c._id)).toEqual([newer, older]);
  });

  it('credits once, by the sweep, a coupon claimed by a process that died before its credit', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'CASH20');
    await h.db
      .update(coupons)
      .set({ state: 'claimed', claimedAt: sql`now()` })
      .where(eq(coupons.id, Number(id)));
    expect((await h.app.money.spin.sweep(0)).credited).toBeGreaterThanOrEqual(1);
    expect(await wallet(m)).toEqual({ cash: 2_000, bonus: 0 });
    const [row] = await h.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, Number(id)));
    expect(row?.transactionId).not.toBeNull();
    expect((await h.app.money.spin.sweep(0)).credited).toBe(0);
    expect(await wallet(m)).toEqual({ cash: 2_000, bonus: 0 });
  });

  it('completes, on the member’s retry, a claim whose process died before its credit', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'BONUS100');
    // Claimed a minute ago by a request that never credited it (its process died).
    await h.db
      .update(coupons)
      .set({ state: 'claimed', claimedAt: sql`now() - interval '1 minute'` })
      .where(eq(coupons.id, Number(id)));
    const retry = await claim(h.app, m, id);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toEqual({ success: true, amount: 100 });
    expect(await wallet(m)).toEqual({ cash: 0, bonus: 10_000 });
    expect((await claim(h.app, m, id)).body.code).toBe('NO_CLAIMABLE_COUPON');
    expect((await h.app.money.spin.sweep(0)).credited).toBe(0);
    expect(await wallet(m)).toEqual({ cash: 0, bonus: 10_000 });
  });

  it('spends exactly the coins there are when 50 spins arrive at once', async () => {
    const m = await memberWithToken(h.app);
    await setCoins(h.db, m, 7);
    const answers = await Promise.all(Array.from({ length: 50 }, () => spin(h.app, m)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.body.code === 'MONEY_NOT_ENOUGH')).toBe(true);
    expect(await coinsOf(h.db, m)).toBe(0);
    expect(await openCoupons(h.app, m)).toHaveLength(7);
  });

  it('credits a coupon once when 50 claims of it arrive at once', async () => {
    const m = await memberWithToken(h.app);
    const id = await couponOf(h.db, m, 'CASH100');
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(h.app, m, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'NO_CLAIMABLE_COUPON')).toHaveLength(49);
    expect(await wallet(m)).toEqual({ cash: 10_000, bonus: 0 });
  });

  it('keeps the ledger’s invariants', async () => {
    await expectLedgerInvariants(h.db);
  });
});

/** Spins and claims raced through two server processes on one PostgreSQL. */
describeWith('postgres', 'the prize wheel raced on postgres', (adminUrl) => {
  let processes: TwoProcesses;
  beforeAll(async () => {
    processes = await startTwoProcesses(adminUrl);
  });
  afterAll(async () => {
    await processes?.close();
  });

  const pick = (i: number) => processes.servers[i % 2] as FastifyInstance;

  it('lets 7 of 50 spins through two processes spend the 7 coins, never more', async () => {
    const m = await memberWithToken(pick(0));
    await setCoins(processes.db, m, 7);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => spin(pick(i), m)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    expect(await coinsOf(processes.db, m)).toBe(0);
    const memberId = await memberIdOf(processes.db, m.username);
    const spun = await processes.db.select().from(spins).where(eq(spins.memberId, memberId));
    expect(spun).toHaveLength(7);
  });

  it('credits one coupon once when 50 claims reach two processes together', async () => {
    const m = await memberWithToken(pick(0));
    const id = await couponOf(processes.db, m, 'CASH50');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => claim(pick(i), m, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const memberId = await memberIdOf(processes.db, m.username);
    expect((await ledgerBalances(processes.db, memberId)).cash).toBe(5_000);
    await expectLedgerInvariants(processes.db);
  });
});
