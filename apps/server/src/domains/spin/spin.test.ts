import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { coupons, spinSlices, spins, spinwheels } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf, topUp } from '../../test/money';
import { startTwoProcesses, type TwoProcesses } from '../../test/processes';
import { describeWith } from '../../test/services';
import { claim, coinsOf, couponOf, openCoupons, setCoins, spin, type Wheel } from '../../test/spin';
import { useHarness } from '../../test/use-harness';

// The wheel and its spins, alone and raced; claiming the coupons they win is in
// spin.coupons.test.ts.
describeOnDatabases('the prize wheel and its coupons', (target) => {
  const h = useHarness(target);
  afterAll(async () => {
    // The ledger's invariants after this file's deposits (their test is with the coupons').
    await expectLedgerInvariants(h.db);
  });

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
      const slice = {
        label: 'x',
        bgColor: '#000',
        textColor: '#fff',
        htmlDescription: { th: '', la: '', en: '' },
      };
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
