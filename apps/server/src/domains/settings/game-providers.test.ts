import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { activate, fundGame, move, topUp, walletOf } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Slot = { code: string; maintenance: boolean };
type Provider = { code: string; active: boolean; maintenance: boolean; logo: string };

/** The games domain's money path reads the providers at most a second old. */
const afterCache = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describeOnDatabases('game providers, set in the back office', (target) => {
  const h = useHarness(target);

  const change = async (app: FastifyInstance, code: string, body: object) => {
    const admin = await staffToken(app, 'admin');
    return call(app, 'PUT', `/api/backoffice/settings/game-providers/${code}`, {
      token: admin,
      body: { reason: 'Provider asked for it', ...body },
    });
  };
  const slotsOf = async (app: FastifyInstance, token: string) =>
    (await call(app, 'GET', '/api/wallet', { token })).body.slots as Slot[];

  it('shows a provider in maintenance as such on every process and refuses everything that reaches it, then gives it back', async () => {
    const other = await h.build();
    const member = await memberWithToken(other);
    await topUp(other, member.token, 500);
    await fundGame(other, member.token, 'PG', 100);
    await activate(other, member.token, 'JOKER');

    const on = await change(h.app, 'PG', { maintenance: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ code: 'PG', maintenance: true, active: true });
    await afterCache();

    // Still listed, as under maintenance, with the money the member has there.
    const slots = await slotsOf(other, member.token);
    expect(slots.find((s) => s.code === 'PG')).toMatchObject({ maintenance: true, amount: 100 });
    expect(slots.find((s) => s.code === 'JOKER')).toMatchObject({ maintenance: false });
    const refusedTo = await move(other, member.token, 'transfer', {
      from: 'WALLET',
      to: 'PG',
      amount: 50,
    });
    expect(refusedTo.status).toBe(409);
    expect(refusedTo.body.code).toBe('GAME_MAINTENANCE');
    const refusedFrom = await move(other, member.token, 'transfer', {
      from: 'PG',
      to: 'WALLET',
      amount: 50,
    });
    expect(refusedFrom.body.code).toBe('GAME_MAINTENANCE');
    const all = await move(other, member.token, 'transferAll', { to: 'WALLET' });
    expect(all.body.code).toBe('GAME_MAINTENANCE');
    const account = (await call(other, 'GET', '/api/wallet/account/PG', { token: member.token }))
      .body as { username: string; password: string };
    const launch = await call(other, 'GET', `/api/autoLogin/pg/${account.username}`, {
      token: member.token,
    });
    expect(launch.body.code).toBe('GAME_MAINTENANCE');
    const reset = await call(other, 'GET', '/api/wallet/resetpassword/PG', { token: member.token });
    expect(reset.body.code).toBe('GAME_MAINTENANCE');
    // Nothing moved; the other games go on.
    expect(await walletOf(other, member.token)).toMatchObject({ cash: 400 });
    expect((await walletOf(other, member.token)).game('PG')).toBe(100);
    const joker = await move(other, member.token, 'transfer', {
      from: 'WALLET',
      to: 'JOKER',
      amount: 10,
    });
    expect(joker.status, JSON.stringify(joker.body)).toBe(200);

    const off = await change(h.app, 'PG', { maintenance: false });
    expect(off.body).toMatchObject({ maintenance: false });
    await afterCache();
    const back = await move(other, member.token, 'transfer', {
      from: 'PG',
      to: 'WALLET',
      amount: 50,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);

    const admin = await staffToken(h.app, 'admin');
    const audit = await call(h.app, 'GET', '/api/backoffice/audit?action=settings.game-provider', {
      token: admin,
    });
    expect(audit.body.entries).toMatchObject([
      { target: 'game-provider:PG', before: { maintenance: true }, after: { maintenance: false } },
      { target: 'game-provider:PG', before: { maintenance: false }, after: { maintenance: true } },
    ]);
  });

  it('refuses activation at a provider in maintenance, and hides a provider turned off', async () => {
    const member = await memberWithToken(h.app);
    await change(h.app, 'SLOTXO', { maintenance: true });
    const activation = await call(h.app, 'GET', '/api/wallet/activate/SLOTXO', {
      token: member.token,
    });
    expect(activation.body.code).toBe('GAME_MAINTENANCE');
    await change(h.app, 'SLOTXO', { maintenance: false, active: false });
    expect((await slotsOf(h.app, member.token)).map((s) => s.code)).not.toContain('SLOTXO');
    await change(h.app, 'SLOTXO', { active: true });
    expect((await slotsOf(h.app, member.token)).map((s) => s.code)).toContain('SLOTXO');
  });

  it('sets the logo, links and order members see, and refuses what is not an https link', async () => {
    const admin = await staffToken(h.app, 'admin');
    const list = async () =>
      (await call(h.app, 'GET', '/api/backoffice/settings/game-providers', { token: admin })).body
        .providers as (Provider & { web: string | null; android: string | null })[];
    const before = await list();

    const bad = await change(h.app, 'JOKER', { logo: 'javascript:alert(1)' });
    expect(bad.body).toMatchObject({ code: 'KEY_INVALID', field: 'logo' });
    const plain = await change(h.app, 'JOKER', { web: 'http://joker.example/play' });
    expect(plain.body).toMatchObject({ code: 'KEY_INVALID', field: 'web' });
    expect(await list()).toEqual(before);

    const set = await change(h.app, 'JOKER', {
      logo: 'https://cdn.joker.example/logo.png',
      web: 'https://joker.example/play',
      android: '',
    });
    expect(set.body).toMatchObject({
      logo: 'https://cdn.joker.example/logo.png',
      web: 'https://joker.example/play',
      android: null,
    });
    const member = await memberWithToken(h.app);
    const slots = await slotsOf(h.app, member.token);
    expect(slots.find((s) => s.code === 'JOKER')).toMatchObject({
      logo: 'https://cdn.joker.example/logo.png',
    });

    const codes = before.map((p) => p.code);
    const order = ['HUAYHD', ...codes.filter((c) => c !== 'HUAYHD')];
    const stale = await call(h.app, 'PUT', '/api/backoffice/settings/game-providers/order', {
      token: admin,
      body: { codes: order.slice(1), reason: 'From a stale screen' },
    });
    expect(stale.body).toMatchObject({ code: 'KEY_INVALID', field: 'codes' });
    const moved = await call(h.app, 'PUT', '/api/backoffice/settings/game-providers/order', {
      token: admin,
      body: { codes: order, reason: 'Lotto first this week' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await slotsOf(h.app, member.token))[0]?.code).toBe('HUAYHD');

    // Finance reads them, an admin alone changes them.
    const finance = await staffToken(h.app, 'finance');
    expect(
      (await call(h.app, 'GET', '/api/backoffice/settings/game-providers', { token: finance }))
        .status,
    ).toBe(200);
    const refused = await call(h.app, 'PUT', '/api/backoffice/settings/game-providers/PG', {
      token: finance,
      body: { maintenance: true, reason: 'Finance may not' },
    });
    expect(refused.body.code).toBe('FORBIDDEN');
  });
});
