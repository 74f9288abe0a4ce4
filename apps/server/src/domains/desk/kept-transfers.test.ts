import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newLaoPhone } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Kept = { reference: string; amount: number; currency: string };

describeOnDatabases('bank transfers that matched no member', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });

  /** A transfer from an account no member registered, as the bank feed reports it. */
  async function strangerTransfer(amount: number) {
    const reference = `T${randomUUID().slice(0, 12)}`;
    const res = await call(h.app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: 'KBANK', accountNo: '9876543210', amount, reference },
    });
    expect(res.body).toMatchObject({ matched: false });
    return reference;
  }
  const kept = async (token: string) =>
    (await call(h.app, 'GET', '/api/backoffice/bank-transfers', { token })).body
      .transfers as Kept[];

  it('are credited to the member one staff member chose once another approves, exactly once', async () => {
    const { app, db } = h;
    const member = await memberWithToken(app);
    const id = await memberIdOf(db, member.username);
    const reference = await strangerTransfer(750);
    const [finance, admin] = await Promise.all([
      staffToken(app, 'finance'),
      staffToken(app, 'admin'),
    ]);
    expect((await kept(finance)).find((row) => row.reference === reference)).toMatchObject({
      amount: 750,
      currency: 'BAHT',
      pending: null,
    });

    const asked = await call(app, 'POST', `/api/backoffice/bank-transfers/${reference}/assign`, {
      token: finance,
      body: { memberId: id, reason: 'the member sent the slip in the chat' },
    });
    expect(asked.body).toMatchObject({ status: 'pending' });
    // The list says the assignment waits, and who asked for it.
    expect((await kept(admin)).find((row) => row.reference === reference)).toMatchObject({
      pending: { adjustmentId: asked.body.id, requestedBy: 'finance', memberId: id },
    });
    const again = await call(app, 'POST', `/api/backoffice/bank-transfers/${reference}/assign`, {
      token: admin,
      body: { memberId: id, reason: 'a second try at the same transfer' },
    });
    expect(again.status).toBe(400);
    const own = await call(app, 'POST', `/api/backoffice/adjustments/${asked.body.id}/approve`, {
      token: finance,
    });
    expect(own.body.code).toBe('MAKER_CHECKER');
    const approvals = await Promise.all(
      [1, 2].map(() =>
        call(app, 'POST', `/api/backoffice/adjustments/${asked.body.id}/approve`, {
          token: admin,
        }),
      ),
    );
    for (const res of approvals) expect(res.body).toMatchObject({ status: 'approved' });
    expect(await ledgerBalances(db, id)).toMatchObject({ cash: 75_000 });
    expect((await kept(admin)).map((row) => row.reference)).not.toContain(reference);

    // The feed reporting it again credits nothing more.
    await call(app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: 'KBANK', accountNo: '9876543210', amount: 750, reference },
    });
    expect(await ledgerBalances(db, id)).toMatchObject({ cash: 75_000 });
    const statement = await call(app, 'POST', '/api/statement', {
      token: member.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toMatchObject([
      { statementType: 'deposit', from: 'KBANK', status: 'success', amount: 750 },
    ]);
  });

  it('are marked sent back with a note, and never go to a wallet of another currency', async () => {
    const { app } = h;
    const finance = await staffToken(app, 'finance');
    const reference = await strangerTransfer(120);
    const refunded = await call(
      app,
      'POST',
      `/api/backoffice/bank-transfers/${reference}/refunded`,
      {
        token: finance,
        body: { reason: 'returned to the sender on 28 Nov' },
      },
    );
    expect(refunded.status).toBe(200);
    expect((await kept(finance)).map((row) => row.reference)).not.toContain(reference);
    const twice = await call(app, 'POST', `/api/backoffice/bank-transfers/${reference}/refunded`, {
      token: finance,
      body: { reason: 'returned again' },
    });
    expect(twice.status).toBe(404);

    const laos = await h.build({ LAOS: '1' });
    const kip = await memberWithToken(laos, {
      username: newLaoPhone(),
      bankCode: 'BCEL',
      currency: 'LAK',
    });
    const kipId = await memberIdOf(h.db, kip.username);
    const baht = await strangerTransfer(300);
    const refused = await call(app, 'POST', `/api/backoffice/bank-transfers/${baht}/assign`, {
      token: finance,
      body: { memberId: kipId, reason: 'wrong wallet on purpose' },
    });
    expect(refused.body.code).toBe('BANK_CURRENCY_MISMATCH');
  });
});
