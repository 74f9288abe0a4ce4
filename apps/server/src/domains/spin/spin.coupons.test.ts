import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { coupons } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf } from '../../test/money';
import { claim, couponOf, type Member, openCoupons } from '../../test/spin';
import { useHarness } from '../../test/use-harness';
import { SpinService } from './spin.service';

// Claiming the coupons the wheel wins (the wheel and its spins are in spin.test.ts).
describeOnDatabases('the prize wheel and its coupons', (target) => {
  const h = useHarness(target);

  const wallet = async (m: Member) => {
    const balances = await ledgerBalances(h.db, await memberIdOf(h.db, m.username));
    return { cash: balances.cash ?? 0, bonus: balances.bonus ?? 0 };
  };

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
