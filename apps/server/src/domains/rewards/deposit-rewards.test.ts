import { randomUUID } from 'node:crypto';
import { minor } from '@wallet/contract/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { members, outsideCredits, spinwheels } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { memberIdOf, topUp } from '../../test/money';
import { grantDepositCoins } from './rewards.repository';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

describeOnDatabases('what a deposit earns', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
    // One active wheel in baht: a coin per 100 baht deposited.
    await h.db.update(spinwheels).set({ active: false });
    await h.db.insert(spinwheels).values({
      name: 'Test wheel',
      active: true,
      currency: 'BAHT',
      depositPerCoin: 10_000,
      couponDays: 7,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const coins = async (m: Member) => {
    const [row] = await h.db
      .select({ coin: members.coin })
      .from(members)
      .where(eq(members.id, await memberIdOf(h.db, m.username)));
    return row?.coin;
  };
  const bankTransfer = (m: Member, amount: number, reference = `SCB${randomUUID()}`) => {
    const body = m.body as { bankCode: string; bankAccountNo: string };
    return call(h.app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: body.bankCode, accountNo: body.bankAccountNo, amount, reference },
    });
  };

  it('gives a coin per 100 baht of each deposit, once however often the deposit is reported', async () => {
    const m = await memberWithToken(h.app);
    const reference = `SCB${randomUUID()}`;
    await bankTransfer(m, 250, reference);
    await bankTransfer(m, 250, reference);
    expect(await coins(m)).toBe(2);
    await topUp(h.app, m.token, 100);
    expect(await coins(m)).toBe(3);
    await topUp(h.app, m.token, 99);
    expect(await coins(m)).toBe(3);
    const profile = await call(h.app, 'GET', '/api/account/profile', { token: m.token });
    expect((profile.body.profile as { coin: number }).coin).toBe(3);
  });

  it('counts a QR deposit too', async () => {
    const m = await memberWithToken(h.app);
    const created = await call(h.app, 'POST', '/api/qrcode/KBANK', {
      token: m.token,
      body: { amount: 300 },
    });
    await call(h.app, 'POST', `/api/sandbox/qrcode/${created.body.qrcodeId}/pay`);
    expect(await coins(m)).toBe(3);
  });

  it('grants the coins of one deposit once when many processes grant them at once', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    const memberId = await memberIdOf(h.db, m.username);
    // The top-up's own deposit: granted already, and granted again 20 times at once.
    const [credit] = await h.db
      .select({ transactionId: outsideCredits.transactionId })
      .from(outsideCredits)
      .where(eq(outsideCredits.memberId, memberId));
    const deposit = {
      transactionId: Number(credit?.transactionId),
      memberId,
      amount: 10_000,
      currency: 'BAHT',
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => grantDepositCoins(h.db, deposit)),
    );
    expect(answers.every((a) => a === null)).toBe(true);
    expect(await coins(m)).toBe(1);
  });

  it("grants a deposit's coins late when its process died before granting them", async () => {
    const m = await memberWithToken(h.app);
    const memberId = await memberIdOf(h.db, m.username);
    // A deposit credited without its reward, as by a process that died right after the credit.
    const credit = await h.app.money.ledger.credit(h.db, {
      source: 'bank',
      reference: `SCB${randomUUID()}`,
      memberId,
      amount: minor(50_000),
      currency: 'BAHT',
      from: 'deposits',
      into: 'cash',
      type: 'deposit',
      label: { from: 'SCB', to: 'WALLET' },
    });
    expect(credit.credited).toBe(true);
    expect(await coins(m)).toBe(0);
    expect((await h.app.money.rewards.sweep(0)).rewarded).toBeGreaterThanOrEqual(1);
    expect(await coins(m)).toBe(5);
    await h.app.money.rewards.sweep(0);
    expect(await coins(m)).toBe(5);
  });

  it('gives no coins while no wheel is active, and none later for that deposit', async () => {
    await h.db.update(spinwheels).set({ active: false });
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 500);
    await h.db.update(spinwheels).set({ active: true }).where(eq(spinwheels.name, 'Test wheel'));
    await h.app.money.rewards.sweep(0);
    expect(await coins(m)).toBe(0);
  });
});
