import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import {
  activate,
  expectLedgerInvariants,
  ledgerBalances,
  memberIdOf,
  move,
  setFault,
  topUp,
} from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('game transfers held on an unknown answer, at the back office', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    await setFault(h.app, 'UFABET', 'ok');
    await expectLedgerInvariants(h.db);
  });

  it('are listed, and asking the provider again settles one as it answers, never on a guess', async () => {
    const { app, db } = h;
    const m = await memberWithToken(app);
    await topUp(app, m.token, 100);
    await activate(app, m.token, 'UFABET');
    const id = await memberIdOf(db, m.username);
    await setFault(app, 'UFABET', 'timeout');
    const held = await move(app, m.token, 'transfer', { from: 'WALLET', to: 'UFABET', amount: 25 });
    expect(held.body).toMatchObject({ status: 'processing' });

    const [support, viewer] = await Promise.all([
      staffToken(app, 'support'),
      staffToken(app, 'viewer'),
    ]);
    const list = await call(app, 'GET', '/api/backoffice/transfers/held', { token: viewer });
    const row = (list.body.transfers as { id: number; memberId: number; amount: number }[]).find(
      (transfer) => transfer.memberId === id,
    );
    expect(row).toMatchObject({ amount: 25, providerCode: 'UFABET', to: 'UFABET' });

    const byViewer = await call(app, 'POST', `/api/backoffice/transfers/${row?.id}/retry`, {
      token: viewer,
    });
    expect(byViewer.body.code).toBe('FORBIDDEN');
    // Still silent: it stays held.
    const silent = await call(app, 'POST', `/api/backoffice/transfers/${row?.id}/retry`, {
      token: support,
    });
    expect(silent.body).toEqual({ id: row?.id, status: 'processing' });
    expect(await ledgerBalances(db, id)).toMatchObject({ transfer_hold: 2500 });

    await setFault(app, 'UFABET', 'ok');
    const answered = await call(app, 'POST', `/api/backoffice/transfers/${row?.id}/retry`, {
      token: support,
    });
    expect(answered.body).toEqual({ id: row?.id, status: 'failed' });
    expect(await ledgerBalances(db, id)).toMatchObject({ cash: 10_000, transfer_hold: 0 });
    const after = await call(app, 'GET', '/api/backoffice/transfers/held', { token: viewer });
    expect((after.body.transfers as { id: number }[]).map((t) => t.id)).not.toContain(row?.id);
  });
});
