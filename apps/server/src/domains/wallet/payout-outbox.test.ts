import { afterEach, expect, it } from 'vitest';
import { payoutOutbox } from '../../db/schema';
import type { PayoutProvider } from '../../providers/payouts/payout-provider';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { expectLedgerInvariants, move, topUp, walletOf } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Submitted = Parameters<PayoutProvider['submit']>[0];

/** A payout bank that records what it is handed, and refuses while `down` is set. */
function payoutBank() {
  const taken: Submitted[] = [];
  const bank = {
    taken,
    down: false,
    async submit(payout: Submitted) {
      if (bank.down) throw new Error('payout bank unreachable');
      taken.push(payout);
    },
  };
  return bank;
}

describeOnDatabases('payouts reach the payout bank once, even after a failure', (target) => {
  const h = useHarness(target);
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });

  it('hands a withdrawal to the bank after the money is held, and leaves nothing behind', async () => {
    const bank = payoutBank();
    const app = await h.build({}, { payouts: bank });
    const m = await memberWithToken(app);
    await topUp(app, m.token, 3_000);
    const out = await move(app, m.token, 'withdraw', { amount: 1_000 });
    expect(out.body).toMatchObject({ status: 'processing', wallet: { cash: 2_000 } });
    expect(bank.taken).toMatchObject([
      {
        amount: 100_000,
        currency: 'BAHT',
        bankCode: m.body.bankCode,
        accountNo: m.body.bankAccountNo,
      },
    ]);
    expect(String(bank.taken[0]?.ref)).toMatch(/^W[0-9a-f]{32}$/);
    expect(await h.count(payoutOutbox)).toBe(0);
  });

  it('keeps a payout the bank refused, and the sweep hands it over once', async () => {
    const bank = payoutBank();
    const app = await h.build({}, { payouts: bank });
    const m = await memberWithToken(app);
    await topUp(app, m.token, 3_000);
    bank.down = true;
    const out = await move(app, m.token, 'withdraw', { amount: 1_000 });
    // The money is held and the member sees the withdrawal processing, not an error.
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ status: 'processing', wallet: { cash: 2_000 } });
    expect(bank.taken).toEqual([]);
    expect(await app.payoutOutbox.sweep(0)).toEqual({ sent: 0, left: 1 });

    bank.down = false;
    expect(await app.payoutOutbox.sweep(0)).toEqual({ sent: 1, left: 0 });
    expect(await app.payoutOutbox.sweep(0)).toEqual({ sent: 0, left: 0 });
    expect(bank.taken).toMatchObject([{ amount: 100_000 }]);
    expect((await walletOf(app, m.token)).cash).toBe(2_000);
  });

  it('hands over an approved withdrawal once, and one the bank refused at approval by the sweep', async () => {
    const bank = payoutBank();
    const app = await h.build({}, { payouts: bank });
    const m = await memberWithToken(app);
    await topUp(app, m.token, 20_000);
    await move(app, m.token, 'withdraw', { amount: 6_000 });
    await move(app, m.token, 'withdraw', { amount: 7_000 });
    // Both wait for staff: nothing is handed over yet.
    expect(bank.taken).toEqual([]);
    const finance = await staffToken(app, 'finance');
    const waiting = await call(app, 'GET', '/api/backoffice/withdrawals?status=waiting', {
      token: finance,
    });
    const ids = (waiting.body.withdrawals as { id: number; username: string; amount: number }[])
      .filter((row) => row.username === m.username)
      .sort((a, b) => a.amount - b.amount)
      .map((row) => row.id);

    const approve = (id: number | undefined) =>
      call(app, 'POST', `/api/backoffice/withdrawals/${id}/approve`, { token: finance });
    await Promise.all([approve(ids[0]), approve(ids[0])]);
    expect(bank.taken).toMatchObject([{ amount: 600_000 }]);

    // The bank is down when the second is approved (as a crash before handing it over would be).
    bank.down = true;
    expect((await approve(ids[1])).body).toEqual({ id: ids[1], status: 'approved' });
    bank.down = false;
    expect(await app.payoutOutbox.sweep(0)).toEqual({ sent: 1, left: 0 });
    expect(bank.taken.map((payout) => payout.amount)).toEqual([600_000, 700_000]);
    expect(await h.count(payoutOutbox)).toBe(0);
  });
});
