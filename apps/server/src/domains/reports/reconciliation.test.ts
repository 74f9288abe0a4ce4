import { randomUUID } from 'node:crypto';
import type { ReconciliationReport } from '@wallet/contract/reports';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { fundGame, memberIdOf, playRound, topUp } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';
import { Reconciliation } from './reconciliation';

describeOnDatabases('the daily reconciliation', (target) => {
  const h = useHarness(target);

  const run = async (role: 'finance' | 'admin' | 'viewer' = 'finance') =>
    call(h.app, 'POST', '/api/backoffice/reports/reconciliation', {
      token: await staffToken(h.app, role),
    });
  const held = (report: ReconciliationReport) =>
    Object.fromEntries(report.checks.map((c) => [c.check, c.held]));

  it('finds nothing wrong with money that moved as it should, then lists each thing broken behind its back', async () => {
    const { app, db } = h;
    const m = await memberWithToken(app);
    const id = await memberIdOf(db, m.username);
    const body = m.body as { bankCode: string; bankAccountNo: string };
    const reference = `SCB${randomUUID()}`;
    await call(app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: body.bankCode, accountNo: body.bankAccountNo, amount: 500, reference },
    });
    await topUp(app, m.token, 200);
    await fundGame(app, m.token, 'PG', 150);
    await playRound(app, m.token, { bet: 40, win: 10 });

    const clean = await run();
    expect(clean.status, JSON.stringify(clean.body)).toBe(200);
    const first = clean.body as unknown as ReconciliationReport;
    expect(first.problems).toEqual([]);
    expect(first.checks.every((c) => c.held)).toBe(true);
    expect(first.checks.find((c) => c.check === 'game-balances-match-providers')?.checked).toBe(1);
    expect(first.checks.find((c) => c.check === 'credits-have-sources')?.checked).toBeGreaterThan(
      0,
    );

    // Behind the ledger's back: a balance edited by hand, a provider that lost money, and a
    // bank credit whose transfer record is gone.
    await db.execute(sql`update ledger_accounts set balance = balance + 1234
      where member_id = ${id} and kind = 'cash'`);
    await db.execute(sql`update sandbox_game_accounts set balance = balance - 500
      where provider_code = 'PG' and username = (select username from game_accounts
        where member_id = ${id} and provider_code = 'PG')`);
    await db.execute(sql`delete from bank_transfers where reference = ${reference}`);

    const broken = (await run('admin')).body as unknown as ReconciliationReport;
    expect(held(broken)).toEqual({
      'ledger-balanced': false,
      'balances-match-entries': false,
      'game-balances-match-providers': false,
      'credits-have-sources': false,
    });
    expect(broken.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'ledger-balanced',
          subject: 'ledger BAHT',
          expected: 0,
          actual: 12.34,
        }),
        expect.objectContaining({
          check: 'balances-match-entries',
          memberId: id,
          expected: 550,
          actual: 562.34,
        }),
        expect.objectContaining({
          check: 'game-balances-match-providers',
          memberId: id,
          expected: 120,
          actual: 115,
        }),
        expect.objectContaining({
          check: 'credits-have-sources',
          subject: `bank ${reference}`,
          memberId: id,
          actual: 500,
        }),
      ]),
    );

    // Staff read them newest first; a viewer reads but may not run one.
    const list = await call(app, 'GET', '/api/backoffice/reports/reconciliation', {
      token: await staffToken(app, 'viewer'),
    });
    const reports = (list.body as unknown as { reports: ReconciliationReport[] }).reports;
    expect(reports.map((r) => r.problems.length)).toEqual([broken.problems.length, 0]);
    expect((await run('viewer')).status).toBe(403);
    expect(
      (await call(app, 'POST', '/api/backoffice/reports/reconciliation', { token: m.token }))
        .status,
    ).toBe(401);

    const audit = await call(app, 'GET', '/api/backoffice/audit?action=reports.reconcile', {
      token: await staffToken(app, 'admin'),
    });
    expect(JSON.stringify(audit.body)).toContain('reports.reconcile');
  });

  it('closes yesterday once, however many times the hourly job asks', async () => {
    const reconciliation = new Reconciliation({ db: h.db, providerBalance: async () => null });
    const closed = await reconciliation.closeYesterday();
    expect(closed?.day).toBe(
      new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10),
    );
    expect(await reconciliation.closeYesterday()).toBeNull();
  });
});
