import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { ledgerBalances } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('balance adjustments', (target) => {
  const h = useHarness(target);

  async function memberAndId() {
    const member = await memberWithToken(h.app);
    const profile = await call(h.app, 'GET', '/api/account/profile', { token: member.token });
    return { ...member, id: Number((profile.body.profile as { _id: number })._id) };
  }
  const cashOf = async (memberId: number) =>
    ((await ledgerBalances(h.db, memberId)).cash ?? 0) / 100;

  it('is asked by one staff member and approved by another, moving the cash once', async () => {
    const { app } = h;
    const member = await memberAndId();
    const [finance, admin] = await Promise.all([
      staffToken(app, 'finance'),
      staffToken(app, 'admin'),
    ]);
    const asked = await call(app, 'POST', '/api/backoffice/adjustments', {
      token: finance,
      body: { memberId: member.id, amount: 250.5, reason: 'goodwill after an outage' },
    });
    expect(asked.body).toMatchObject({ status: 'pending' });
    const id = Number(asked.body.id);
    expect(await cashOf(member.id)).toBe(0);

    const own = await call(app, 'POST', `/api/backoffice/adjustments/${id}/approve`, {
      token: finance,
    });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('MAKER_CHECKER');

    // Two approvals at once move the money once.
    const approvals = await Promise.all([
      call(app, 'POST', `/api/backoffice/adjustments/${id}/approve`, { token: admin }),
      call(app, 'POST', `/api/backoffice/adjustments/${id}/approve`, { token: admin }),
    ]);
    for (const res of approvals) expect(res.body).toEqual({ id, status: 'approved' });
    expect(await cashOf(member.id)).toBe(250.5);

    const statement = await call(app, 'POST', '/api/statement', {
      token: member.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toMatchObject([
      { statementType: 'deposit', from: 'ADJUSTMENT', to: 'WALLET', amount: 250.5 },
    ]);
    const rejectLater = await call(app, 'POST', `/api/backoffice/adjustments/${id}/reject`, {
      token: admin,
      body: { reason: 'too late' },
    });
    expect(rejectLater.status).toBe(404);
  });

  it("pages a member's adjustments on the server, largest first when asked", async () => {
    const { app } = h;
    const member = await memberAndId();
    const finance = await staffToken(app, 'finance');
    for (const amount of [10, 30, 20]) {
      await call(app, 'POST', '/api/backoffice/adjustments', {
        token: finance,
        body: { memberId: member.id, amount, reason: 'paging check' },
      });
    }
    const list = async (query: string) =>
      (
        await call(app, 'GET', `/api/backoffice/adjustments?memberId=${member.id}&${query}`, {
          token: finance,
        })
      ).body as { adjustments: { amount: number }[]; total: number };
    expect((await list('')).adjustments.map((row) => row.amount)).toEqual([20, 30, 10]);
    const page = await list('sort=amount&order=desc&limit=2&page=1');
    expect(page).toMatchObject({ total: 3, adjustments: [{ amount: 30 }, { amount: 20 }] });
    expect((await list('sort=amount&order=desc&limit=2&page=2')).adjustments).toMatchObject([
      { amount: 10 },
    ]);
  });

  it('never debits below zero, and a rejected one moves nothing', async () => {
    const { app } = h;
    const member = await memberAndId();
    const [finance, admin] = await Promise.all([
      staffToken(app, 'finance'),
      staffToken(app, 'admin'),
    ]);
    const debit = await call(app, 'POST', '/api/backoffice/adjustments', {
      token: finance,
      body: { memberId: member.id, amount: -10, reason: 'reverse a double credit' },
    });
    const refused = await call(
      app,
      'POST',
      `/api/backoffice/adjustments/${debit.body.id}/approve`,
      { token: admin },
    );
    expect(refused.body.code).toBe('MONEY_NOT_ENOUGH');
    const list = await call(app, 'GET', `/api/backoffice/adjustments?memberId=${member.id}`, {
      token: admin,
    });
    expect(list.body.adjustments).toMatchObject([
      { id: debit.body.id, status: 'pending', amount: -10, requestedBy: 'finance' },
    ]);

    const rejected = await call(
      app,
      'POST',
      `/api/backoffice/adjustments/${debit.body.id}/reject`,
      {
        token: admin,
        body: { reason: 'no double credit found' },
      },
    );
    expect(rejected.body).toEqual({ id: debit.body.id, status: 'rejected' });
    expect(await cashOf(member.id)).toBe(0);
  });

  it('wants a recent code for an approval, and refuses roles and bad amounts', async () => {
    const { app, db } = h;
    const member = await memberAndId();
    const [finance, admin, support] = await Promise.all([
      staffToken(app, 'finance'),
      staffToken(app, 'admin'),
      staffToken(app, 'support'),
    ]);
    for (const amount of [0, 1.234, 2_000_000_000, '10']) {
      const bad = await call(app, 'POST', '/api/backoffice/adjustments', {
        token: finance,
        body: { memberId: member.id, amount, reason: 'a bad amount' },
      });
      expect(bad.body.code, String(amount)).toBe('KEY_INVALID');
    }
    const bySupport = await call(app, 'POST', '/api/backoffice/adjustments', {
      token: support,
      body: { memberId: member.id, amount: 5, reason: 'support may not' },
    });
    expect(bySupport.body.code).toBe('FORBIDDEN');

    const asked = await call(app, 'POST', '/api/backoffice/adjustments', {
      token: finance,
      body: { memberId: member.id, amount: 5, reason: 'a small credit' },
    });
    await db.execute(
      sql`update staff_sessions set code_at = now() - interval '6 minutes' where revoked_at is null`,
    );
    const stale = await call(app, 'POST', `/api/backoffice/adjustments/${asked.body.id}/approve`, {
      token: admin,
    });
    expect(stale.body.code).toBe('STAFF_CODE_REQUIRED');
    const code = await call(app, 'GET', '/api/sandbox/staff/admin/totp');
    const fresh = await call(app, 'POST', '/api/backoffice/totp', {
      token: admin,
      body: { code: code.body.code },
    });
    expect(fresh.status).toBe(200);
    const approved = await call(
      app,
      'POST',
      `/api/backoffice/adjustments/${asked.body.id}/approve`,
      { token: admin },
    );
    expect(approved.body.status).toBe('approved');
  });
});
