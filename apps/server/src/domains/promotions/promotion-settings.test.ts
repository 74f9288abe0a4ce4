import { randomUUID } from 'node:crypto';
import type { BonusSetting, WheelSetting } from '@wallet/contract/promotion-settings';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { ledgerBalances, memberIdOf } from '../../test/money';
import { claim, couponOf, type Member, openCoupons, setCoins, spin } from '../../test/spin';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('promotions set in the back office', (target) => {
  const h = useHarness(target);
  /** The same paragraph in each language, the language named in the Thai and Lao ones. */
  const text = (en: string) => ({
    th: en.replace('</p>', ' (th)</p>'),
    la: en.replace('</p>', ' (la)</p>'),
    en,
  });

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
  const bonusWallet = async (m: Member) =>
    ((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).bonus ?? 0) / 100;
  const audit = async (action: string) =>
    (
      await call(h.app, 'GET', `/api/backoffice/audit?action=${action}`, {
        token: await staffToken(h.app, 'admin'),
      })
    ).body.entries as { before: unknown; after: unknown; reason: string }[];

  it('changes a bonus for later takes only, audited with before and after', async () => {
    const { app } = h;
    const finance = await staffToken(app, 'finance');
    const list = await call(app, 'GET', '/api/backoffice/promotions/bonuses', { token: finance });
    const daily = (list.body.bonuses as BonusSetting[]).find((b) => b.code === 'DAILY10');
    if (!daily) throw new Error('the demo has DAILY10');
    expect(daily).toMatchObject({ percent: 10, maxBonus: 200, currency: 'BAHT' });

    // Taken under 10 %, paid after the change: still 10 %.
    const early = await memberWithToken(app);
    expect(
      (await call(app, 'GET', '/api/bonus/activate/DAILY10', { token: early.token })).status,
    ).toBe(200);

    const { code, currency, ...rules } = daily;
    const changed = await call(app, 'PUT', '/api/backoffice/promotions/bonuses/DAILY10', {
      token: finance,
      body: {
        ...rules,
        percent: 50,
        description: text('<p>Half again</p>'),
        reason: 'weekend push',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ code: 'DAILY10', percent: 50 });

    const late = await memberWithToken(app);
    const listed = await call(app, 'GET', '/api/bonus', {
      token: late.token,
      headers: { 'accept-language': 'en' },
    });
    const card = (
      listed.body.bonuses as { code: string; percent: number; description: string }[]
    ).find((b) => b.code === 'DAILY10');
    expect(card).toMatchObject({ percent: 50, description: '<p>Half again</p>' });
    expect(
      (await call(app, 'GET', '/api/bonus/activate/DAILY10', { token: late.token })).status,
    ).toBe(200);

    await deposit(early, 300);
    await deposit(late, 300);
    expect(await bonusWallet(early)).toBe(30);
    expect(await bonusWallet(late)).toBe(150);

    const [entry] = await audit('promotions.bonus');
    expect(entry).toMatchObject({
      reason: 'weekend push',
      before: expect.objectContaining({ percent: 10 }),
      after: expect.objectContaining({ percent: 50 }),
    });
  });

  it('creates a promotion code, refuses a taken code or a bad rule and changes nothing then', async () => {
    const { app } = h;
    const admin = await staffToken(app, 'admin');
    const bonus = {
      code: 'spring25',
      currency: 'BAHT',
      kind: 'promotion',
      type: 'limit',
      maxReceived: 1,
      percent: 25,
      maxBonus: 250,
      minDeposit: 100,
      turnoverMultiplier: 3,
      percentFail: 10,
      description: text('<p onclick="x()">Spring</p><script>x()</script>'),
      banners: [],
      active: true,
      sortOrder: 9,
      reason: 'spring campaign',
    };
    const created = await call(app, 'POST', '/api/backoffice/promotions/bonuses', {
      token: admin,
      body: bonus,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ code: 'SPRING25', description: { en: '<p>Spring</p>' } });
    const m = await memberWithToken(app);
    const found = await call(app, 'GET', '/api/promotion/find/SPRING25', {
      token: m.token,
      headers: { 'accept-language': 'la' },
    });
    expect(found.body).toEqual({ percentFail: 10, description: '<p>Spring (la)</p>' });

    const again = await call(app, 'POST', '/api/backoffice/promotions/bonuses', {
      token: admin,
      body: bonus,
    });
    expect([again.status, again.body.code]).toEqual([409, 'BONUS_CODE_TAKEN']);
    for (const bad of [
      { percent: 0 },
      { maxBonus: 10.005 },
      { percentFail: 101 },
      { type: 'year' },
    ]) {
      const res = await call(app, 'PUT', '/api/backoffice/promotions/bonuses/SPRING25', {
        token: admin,
        body: { ...bonus, ...bad },
      });
      expect([res.status, res.body.code], JSON.stringify(bad)).toEqual([400, 'KEY_INVALID']);
    }
    // A banner picture that is not the picture its type says is refused.
    const lying = `data:image/png;base64,${Buffer.from('<html>not a png</html>').toString('base64')}`;
    const banner = { image: lying, html: text('<p>Spring</p>') };
    const refused = await call(app, 'PUT', '/api/backoffice/promotions/bonuses/SPRING25', {
      token: admin,
      body: { ...bonus, banners: [banner] },
    });
    expect([refused.status, refused.body.code, refused.body.field]).toEqual([
      400,
      'KEY_INVALID',
      'banners.0.image',
    ]);
    const listed = await call(app, 'GET', '/api/backoffice/promotions/bonuses', { token: admin });
    expect(
      (listed.body.bonuses as BonusSetting[]).find((b) => b.code === 'SPRING25'),
    ).toMatchObject({
      percent: 25,
      maxBonus: 250,
    });
    // Support and viewers read the members, not the promotions.
    for (const role of ['support', 'viewer'] as const) {
      const res = await call(app, 'GET', '/api/backoffice/promotions/bonuses', {
        token: await staffToken(app, role),
      });
      expect(res.status, role).toBe(403);
    }
  });

  it('publishes a new wheel whole; coupons already won keep their prize', async () => {
    const { app, db } = h;
    const admin = await staffToken(app, 'admin');
    const m = await memberWithToken(app);
    const won = await couponOf(db, m, 'CASH50');

    const current = (await call(app, 'GET', '/api/backoffice/promotions/wheel', { token: admin }))
      .body.wheel as WheelSetting;
    expect(current.slices.reduce((sum, s) => sum + s.probability, 0)).toBeCloseTo(100, 6);
    const wheel: WheelSetting = {
      ...current,
      name: 'Jackpot night',
      slices: [
        {
          code: 'BIG',
          label: '฿777',
          bgColor: '#aa0000',
          textColor: '#ffffff',
          htmlDescription: text('<p>The big one</p>'),
          probability: 100,
          prizeKind: 'cash',
          prizeAmount: 777,
        },
        { ...(current.slices[0] as WheelSetting['slices'][number]), probability: 0 },
      ],
    };
    const uneven = await call(app, 'PUT', '/api/backoffice/promotions/wheel', {
      token: admin,
      body: {
        wheel: { ...wheel, slices: wheel.slices.map((s) => ({ ...s, probability: 33.33 })) },
        reason: 'odds that do not add up',
      },
    });
    expect([uneven.status, uneven.body.code]).toEqual([400, 'WHEEL_PROBABILITY_SUM']);

    const published = await call(app, 'PUT', '/api/backoffice/promotions/wheel', {
      token: admin,
      body: { wheel, reason: 'jackpot night' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      name: 'Jackpot night',
      slices: [{ code: 'BIG', probability: 100 }, { probability: 0 }],
    });

    const setup = await call(app, 'GET', '/api/spinwheel/setup', {
      token: m.token,
      headers: { 'accept-language': 'en' },
    });
    expect(setup.body.result).toMatchObject({
      activeSpinwheel: {
        name: 'Jackpot night',
        slice: [{ code: 'BIG', htmlDescription: '<p>The big one</p>' }, expect.any(Object)],
      },
    });
    await setCoins(db, m, 1);
    expect((await spin(app, m)).body.result).toMatchObject({ code: 'BIG' });
    const coupons = await openCoupons(app, m);
    expect(coupons.map((c) => c.amount).sort((a, b) => a - b)).toEqual([50, 777]);
    expect((await claim(app, m, won)).status).toBe(200);
    expect(((await ledgerBalances(db, await memberIdOf(db, m.username))).cash ?? 0) / 100).toBe(50);

    const [entry] = await audit('promotions.wheel');
    expect(entry).toMatchObject({
      before: expect.objectContaining({ name: current.name }),
      after: expect.objectContaining({ name: 'Jackpot night' }),
    });
  });

  it('changes the refund and invite rules members read next', async () => {
    const { app } = h;
    const finance = await staffToken(app, 'finance');
    const refund = (await call(app, 'GET', '/api/backoffice/promotions/refund', { token: finance }))
      .body;
    const res = await call(app, 'PUT', '/api/backoffice/promotions/refund', {
      token: finance,
      body: {
        rules: { ...refund, failPercent: 7.5, info: text('<p>Seven and a half</p>') },
        reason: 'better refunds',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = await memberWithToken(app);
    const check = await call(app, 'GET', '/api/refund/check', {
      token: m.token,
      headers: { 'accept-language': 'th' },
    });
    expect(check.body).toMatchObject({ refundFail: 7.5, info: '<p>Seven and a half (th)</p>' });

    const invite = (await call(app, 'GET', '/api/backoffice/promotions/invite', { token: finance }))
      .body;
    const off = await call(app, 'PUT', '/api/backoffice/promotions/invite', {
      token: finance,
      body: { rules: { ...invite, isActive: false }, reason: 'pause invites' },
    });
    expect(off.status).toBe(200);
    expect((await audit('promotions.invite'))[0]).toMatchObject({
      before: expect.objectContaining({ isActive: true }),
      after: expect.objectContaining({ isActive: false }),
    });
    const bad = await call(app, 'PUT', '/api/backoffice/promotions/invite', {
      token: finance,
      body: { rules: { ...invite, failPercent: 150 }, reason: 'typo' },
    });
    expect(bad.status).toBe(400);
  });
});
