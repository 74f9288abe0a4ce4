import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { gameAccounts } from '../../db/schema';
import { rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  activate,
  expectLedgerInvariants,
  ledgerBalances,
  memberIdOf,
  move,
  providerBalance,
  setFault,
  topUp,
  walletOf,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('game accounts', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    for (const code of ['PG', 'SLOTXO', 'IMI', 'USUN', 'JOKER']) await setFault(h.app, code, 'ok');
  });

  it('activates a game account once and then shows its credentials and links', async () => {
    const m = await memberWithToken(h.app);
    const res = await activate(h.app, m.token, 'pg');
    expect(res.body).toMatchObject({
      success: true,
      slot: { code: 'PG', isActive: true, amount: 0 },
    });
    const again = await call(h.app, 'GET', '/api/wallet/activate/PG', { token: m.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SLOT_ALREADY_ACTIVE' });
    const account = await call(h.app, 'GET', '/api/wallet/account/PG', { token: m.token });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      username: expect.any(String),
      password: expect.any(String),
      game: { code: 'PG', isActive: true },
    });
  });

  it('answers NO_GAME for an unknown provider and SLOT_NO_ACCOUNT before activation', async () => {
    const m = await memberWithToken(h.app);
    const unknown = await call(h.app, 'GET', '/api/wallet/activate/NOPE', { token: m.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NO_GAME' });
    const none = await call(h.app, 'GET', '/api/wallet/account/JOKER', { token: m.token });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
    const reset = await call(h.app, 'GET', '/api/wallet/resetpassword/JOKER', { token: m.token });
    expect(reset.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
  });

  it('answers SLOT_ACTIVATE_FAIL when the provider fails and records no account', async () => {
    const m = await memberWithToken(h.app);
    const before = await h.count(gameAccounts);
    await setFault(h.app, 'SLOTXO', 'fail');
    const res = await call(h.app, 'GET', '/api/wallet/activate/SLOTXO', { token: m.token });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'SLOT_ACTIVATE_FAIL' });
    expect(await h.count(gameAccounts)).toBe(before);
  });

  it('resets the password at the provider, or answers SLOT_RESET_PASSWORD_FAIL', async () => {
    const m = await memberWithToken(h.app);
    await activate(h.app, m.token, 'IMI');
    const before = await call(h.app, 'GET', '/api/wallet/account/IMI', { token: m.token });
    const reset = await call(h.app, 'GET', '/api/wallet/resetpassword/IMI', { token: m.token });
    expect(reset.body).toEqual({ success: true });
    const after = await call(h.app, 'GET', '/api/wallet/account/IMI', { token: m.token });
    expect(after.body.password).not.toBe(before.body.password);
    await setFault(h.app, 'IMI', 'fail');
    const failed = await call(h.app, 'GET', '/api/wallet/resetpassword/IMI', { token: m.token });
    expect(failed.body).toMatchObject({ code: 'SLOT_RESET_PASSWORD_FAIL' });
    const unchanged = await call(h.app, 'GET', '/api/wallet/account/IMI', { token: m.token });
    expect(unchanged.body.password).toBe(after.body.password);
  });

  it('opens an auto-login link for the caller’s own account only', async () => {
    const a = await memberWithToken(h.app);
    const b = await memberWithToken(h.app);
    await activate(h.app, a.token, 'IMI');
    await activate(h.app, b.token, 'IMI');
    const creds = await call(h.app, 'GET', '/api/wallet/account/IMI', { token: a.token });
    const path = `/api/autoLogin/imi/${creds.body.username}/${creds.body.password}`;
    const own = await call(h.app, 'GET', path, { token: a.token });
    expect(own.status).toBe(200);
    expect(String(own.body.link)).toMatch(/^\/sandbox\/games\/IMI\/play\?session=/);

    const stolen = await call(h.app, 'GET', path, { token: b.token });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
    const wrongPassword = await call(
      h.app,
      'GET',
      `/api/autoLogin/imi/${creds.body.username}/not-the-password`,
      { token: a.token },
    );
    expect(wrongPassword.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
    const noPassword = await call(h.app, 'GET', `/api/autoLogin/imi/${creds.body.username}`, {
      token: a.token,
    });
    expect(noPassword.body).toMatchObject({ code: 'KEY_MISSING', field: 'password' });
    const anonymous = await call(h.app, 'GET', path);
    expect(anonymous.status).toBe(401);
  });

  it("refuses another member's credentials and game rounds", async () => {
    const a = await memberWithToken(h.app);
    const b = await memberWithToken(h.app);
    await activate(h.app, a.token, 'PG');
    const res = await call(h.app, 'GET', '/api/wallet/account/PG', { token: b.token });
    expect(res.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
    const round = await call(h.app, 'POST', '/api/sandbox/games/PG/round', {
      token: b.token,
      body: { bet: 0, win: 5 },
    });
    expect(round.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
  });

  it('serves a playable game page without any script, and its spins reach the wallet', async () => {
    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 100);
    await activate(h.app, m.token, 'PG');
    await move(h.app, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 50 });
    const creds = await call(h.app, 'GET', '/api/wallet/account/PG', { token: m.token });
    const link = await call(h.app, 'GET', `/api/autoLogin/pg/${creds.body.username}`, {
      token: m.token,
    });
    const url = String(link.body.link);
    const page = await h.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('50.00');
    expect(page.body).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const session = new URL(url, 'http://x').searchParams.get('session') ?? '';
    const spin = await h.app.inject({
      method: 'POST',
      url: '/sandbox/games/PG/play',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session, bet: '10' }).toString(),
    });
    expect(spin.statusCode).toBe(303);
    const refreshed = await call(h.app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
    const pg = (refreshed.body.slots as { code: string; amount: number }[]).find(
      (s) => s.code === 'PG',
    );
    // The round was played: the wallet's slot now matches the provider's books exactly.
    const atProvider = await providerBalance(h.db, 'PG', String(creds.body.username));
    expect(pg?.amount).toBe(atProvider / 100);
    expect(atProvider).toBeGreaterThanOrEqual(4000);
    await expectLedgerInvariants(h.db);
  });

  it('refuses the play page without a valid session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/sandbox/games/PG/play?session=nope' });
    expect(res.statusCode).toBe(401);
  });

  it('refreshes every slot even when one provider never answers', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    await topUp(h.app, m.token, 100);
    for (const code of ['JOKER', 'USUN']) {
      await activate(h.app, m.token, code);
      await move(h.app, m.token, 'transfer', { from: 'WALLET', to: code, amount: 20 });
      await call(h.app, 'POST', `/api/sandbox/games/${code}/round`, {
        token: m.token,
        body: { bet: 5, win: 15 },
      });
    }
    await setFault(h.app, 'USUN', 'timeout');
    const started = Date.now();
    const res = await call(h.app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
    // One provider time-out (1 s in tests), not one per provider, with room for a busy machine.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(200);
    const slots = res.body.slots as { code: string; amount: number }[];
    expect(slots.find((s) => s.code === 'JOKER')?.amount).toBe(30);
    // The silent provider's slot keeps the last known amount.
    expect(slots.find((s) => s.code === 'USUN')?.amount).toBe(20);
    expect(res.body.wallet).toEqual({ amount: 60, cash: 60, bonus: 0 });
    expect(await ledgerBalances(h.db, id)).toMatchObject({ 'game:JOKER': 3000, 'game:USUN': 2000 });
    await expectLedgerInvariants(h.db);
    const wallet = await walletOf(h.app, m.token);
    expect(wallet.game('JOKER')).toBe(30);
  });

  it('brings every round into the ledger when another process moved the round mark meanwhile', async () => {
    const other = await h.build(); // a second server process on the same database
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    await topUp(h.app, m.token, 100);
    await activate(h.app, m.token, 'JOKER');
    const round = (bet: number, win: number) =>
      call(h.app, 'POST', '/api/sandbox/games/JOKER/round', { token: m.token, body: { bet, win } });
    const back = (app: typeof h.app, amount: number) =>
      move(app, m.token, 'transfer', { from: 'JOKER', to: 'WALLET', amount });

    await move(h.app, m.token, 'transfer', { from: 'WALLET', to: 'JOKER', amount: 50 });
    await round(10, 0);
    expect((await back(h.app, 1)).status).toBe(200); // this process now knows the mark
    await round(0, 30);
    expect((await back(other, 1)).status).toBe(200); // the other one moves it on
    await round(5, 0);
    // This process's mark is behind: it must post the last round, and only the last round.
    expect((await back(h.app, 1)).status).toBe(200);
    const username = `mw${id}`;
    expect(await ledgerBalances(h.db, id)).toMatchObject({
      'game:JOKER': await providerBalance(h.db, 'JOKER', username),
    });
    expect(await providerBalance(h.db, 'JOKER', username)).toBe(
      50_00 - 10_00 + 30_00 - 5_00 - 3_00,
    );
    await expectLedgerInvariants(h.db);
  });

  it('plays a sandbox round on the provider balance, refusing a bet above it', async () => {
    const m = await memberWithToken(h.app);
    await activate(h.app, m.token, 'SLOTXO');
    const res = await call(h.app, 'POST', '/api/sandbox/games/SLOTXO/round', {
      token: m.token,
      body: { bet: 1, win: 0 },
    });
    expect(res.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    const free = await call(h.app, 'POST', '/api/sandbox/games/SLOTXO/round', {
      token: m.token,
      body: { bet: 0, win: 2.5 },
    });
    expect(free.body).toEqual({ code: 'SLOTXO', amount: 2.5 });
  });
});

describeOnDatabases('game provider calls per member', (target) => {
  const h = useHarness(target);

  it('refuses calls past GAME_CALLS_PER_MINUTE with REQUEST_LIMIT_1MIN, before any reaches a provider', async () => {
    const app = await h.build({ GAME_CALLS_PER_MINUTE: '3' });
    const m = await memberWithToken(app);
    await activate(app, m.token, 'PG');
    const reset = await call(app, 'GET', '/api/wallet/resetpassword/PG', { token: m.token });
    expect(reset.status).toBe(200);
    const refresh = await call(app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
    expect(refresh.status).toBe(200);
    const sandboxAccounts = async () =>
      (
        await rows<{ n: number }>(h.db, sql`select count(*)::int as n from sandbox_game_accounts`)
      )[0]?.n;
    const before = await sandboxAccounts();
    for (const url of [
      '/api/wallet/activate/JOKER',
      '/api/wallet/resetpassword/PG',
      '/api/wallet/refresh/slot',
      '/api/autoLogin/pg/mw1',
    ]) {
      const res = await call(app, 'GET', url, { token: m.token });
      expect({ url, status: res.status, code: res.body.code }).toEqual({
        url,
        status: 429,
        code: 'REQUEST_LIMIT_1MIN',
      });
    }
    // No account was made at the provider, and none recorded here.
    expect(await sandboxAccounts()).toEqual(before);
    const joker = await call(app, 'GET', '/api/wallet/account/JOKER', { token: m.token });
    expect(joker.body).toMatchObject({ code: 'SLOT_NO_ACCOUNT' });
    // Another member is counted on their own.
    const other = await memberWithToken(app);
    expect(
      (await call(app, 'GET', '/api/wallet/refresh/slot', { token: other.token })).status,
    ).toBe(200);
  });
});
