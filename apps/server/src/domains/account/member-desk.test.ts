import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, signIn } from '../../test/members';
import { topUp } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Found = { id: number; username: string; name: string; active: boolean };

describeOnDatabases('members at the back office', (target) => {
  const h = useHarness(target);

  it('finds a member by phone, name, bank account, id or invite code', async () => {
    const { app } = h;
    const member = await memberWithToken(app, { name: 'Somchai Deskfinder' });
    const viewer = await staffToken(app, 'viewer');
    const profile = await call(app, 'GET', '/api/account/profile', { token: member.token });
    const id = Number((profile.body.profile as { _id: number })._id);
    const bank = String(member.body.bankAccountNo);
    const find = async (q: string) => {
      const res = await call(app, 'GET', `/api/backoffice/members?q=${encodeURIComponent(q)}`, {
        token: viewer,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.members as Found[]).map((row) => row.username);
    };
    for (const q of [
      member.username,
      `+66${member.username.slice(1)}`,
      'deskfinder',
      bank,
      String(id),
      `PR${id}`,
    ]) {
      expect(await find(q), q).toContain(member.username);
    }
    expect(await find('nobody-has-this-name')).toEqual([]);
    // A name search is a search, not a pattern: % matches only a literal %.
    expect(await find('%')).not.toContain(member.username);
  });

  it('pages and sorts what a search finds on the server', async () => {
    const { app } = h;
    for (const name of ['Anong Pagetest', 'Boon Pagetest', 'Chai Pagetest']) {
      await memberWithToken(app, { name });
    }
    const viewer = await staffToken(app, 'viewer');
    const find = async (query: string) =>
      (await call(app, 'GET', `/api/backoffice/members?q=pagetest&${query}`, { token: viewer }))
        .body;
    const names = (body: Record<string, unknown>) =>
      (body.members as Found[]).map((row) => row.name);
    expect(names(await find('sort=name&order=asc'))).toEqual([
      'Anong Pagetest',
      'Boon Pagetest',
      'Chai Pagetest',
    ]);
    const second = await find('sort=name&order=desc&limit=1&page=2');
    expect(names(second)).toEqual(['Boon Pagetest']);
    expect(second.total).toBe(3);
    expect((await find('limit=0')).code).toBe('KEY_INVALID');
  });

  it('deactivates a member with a reason: sessions end, calls say INACTIVE_USER; reactivation lets them in', async () => {
    const { app } = h;
    const member = await memberWithToken(app);
    const support = await staffToken(app, 'support');
    const profile = await call(app, 'GET', '/api/account/profile', { token: member.token });
    const id = Number((profile.body.profile as { _id: number })._id);

    const noReason = await call(app, 'POST', `/api/backoffice/members/${id}/deactivate`, {
      token: support,
      body: {},
    });
    expect(noReason.body, JSON.stringify(noReason.body)).toMatchObject({
      code: 'KEY_MISSING',
      field: 'reason',
    });
    const off = await call(app, 'POST', `/api/backoffice/members/${id}/deactivate`, {
      token: support,
      body: { reason: 'asked by the member' },
    });
    expect(off.status).toBe(200);
    const refused = await call(app, 'GET', '/api/wallet', { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INACTIVE_USER');
    const login = await call(app, 'POST', '/api/login', {
      body: { username: member.username, password: member.password },
    });
    expect(login.body.code).toBe('INACTIVE_USER');

    await call(app, 'POST', `/api/backoffice/members/${id}/reactivate`, {
      token: support,
      body: { reason: 'identity confirmed' },
    });
    // The old session stays ended; signing in again works.
    expect((await call(app, 'GET', '/api/wallet', { token: member.token })).status).toBe(401);
    const fresh = await signIn(app, member.username, member.password);
    expect((await call(app, 'GET', '/api/wallet', { token: fresh })).status).toBe(200);

    const admin = await staffToken(app, 'admin');
    const audit = await call(app, 'GET', `/api/backoffice/audit?target=member:${id}`, {
      token: admin,
    });
    expect(audit.body.entries).toMatchObject([
      { action: 'member.reactivate', staff: 'support', reason: 'identity confirmed' },
      { action: 'member.deactivate', staff: 'support', reason: 'asked by the member' },
    ]);
  });

  it("shows one member's balances, movements, sessions and status history", async () => {
    const { app } = h;
    const member = await memberWithToken(app);
    await topUp(app, member.token, 300);
    const profile = await call(app, 'GET', '/api/account/profile', { token: member.token });
    const id = Number((profile.body.profile as { _id: number })._id);
    const support = await staffToken(app, 'support');
    await call(app, 'POST', `/api/backoffice/members/${id}/deactivate`, {
      token: support,
      body: { reason: 'checking a complaint' },
    });
    const viewer = await staffToken(app, 'viewer');
    const page = await call(app, 'GET', `/api/backoffice/members/${id}`, { token: viewer });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.member).toMatchObject({ id, username: member.username, active: false });
    expect(page.body.balances).toContainEqual({ kind: 'cash', providerCode: '', balance: 300 });
    expect(page.body.ledger).toMatchObject([{ type: 'deposit', status: 'success', amount: 300 }]);
    expect(page.body.sessions).toMatchObject([{ active: false }]);
    expect(page.body.history).toMatchObject([
      { action: 'member.deactivate', staff: 'support', reason: 'checking a complaint' },
    ]);
    expect(
      (await call(app, 'GET', '/api/backoffice/members/999999999', { token: viewer })).body.code,
    ).toBe('NO_USER');
  });

  it('corrects a bank account name as the bank writes it, Latin only at KTB, with the audit', async () => {
    const { app } = h;
    const member = await memberWithToken(app, { bankCode: 'KTB', bankAccountName: 'SOMSRI DEE' });
    const profile = await call(app, 'GET', '/api/account/profile', { token: member.token });
    const id = Number((profile.body.profile as { _id: number })._id);
    const support = await staffToken(app, 'support');
    const thai = await call(app, 'POST', `/api/backoffice/members/${id}/bank-account-name`, {
      token: support,
      body: { bankAccountName: 'สมศรี ดี', reason: 'as on the bank book' },
    });
    expect(thai.body).toMatchObject({ code: 'BANK_ACCOUNT_NAME_ENG', field: 'bankAccountName' });
    const latin = await call(app, 'POST', `/api/backoffice/members/${id}/bank-account-name`, {
      token: support,
      body: { bankAccountName: 'SOMSRI DEEJAI', reason: 'the payout was refused for the name' },
    });
    expect(latin.status).toBe(200);
    const after = await call(app, 'GET', '/api/account/profile', { token: member.token });
    expect(after.body.profile).toMatchObject({ bankAccountName: 'SOMSRI DEEJAI' });
    const admin = await staffToken(app, 'admin');
    const audit = await call(
      app,
      'GET',
      `/api/backoffice/audit?target=member:${id}&action=member.bank-account-name`,
      { token: admin },
    );
    expect(audit.body.entries).toMatchObject([
      { before: { bankAccountName: 'SOMSRI DEE' }, after: { bankAccountName: 'SOMSRI DEEJAI' } },
    ]);
  });

  it('answers NO_USER for a member that does not exist, and changes nothing', async () => {
    const support = await staffToken(h.app, 'support');
    const res = await call(h.app, 'POST', '/api/backoffice/members/999999999/deactivate', {
      token: support,
      body: { reason: 'no such member' },
    });
    expect(res.body.code).toBe('NO_USER');
  });
});
