import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { move, topUp } from '../../test/money';
import { blankPng } from '../../test/slip-suite';
import { uploadAndSettle } from '../../test/slips';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Dashboard = {
  day: string;
  currencies: {
    currency: string;
    deposits: { channel: string; count: number; amount: number }[];
    withdrawals: { count: number; amount: number };
  }[];
  members: { registered: number; firstDeposits: number };
  waiting: { what: string; count: number; oldest: string | null }[];
};

describeOnDatabases('the back office dashboard', (target) => {
  const h = useHarness(target);

  const read = async () =>
    (
      await call(h.app, 'GET', '/api/backoffice/dashboard', {
        token: await staffToken(h.app, 'viewer'),
      })
    ).body as unknown as Dashboard;
  const baht = (d: Dashboard) => d.currencies.find((c) => c.currency === 'BAHT');
  const channel = (d: Dashboard, name: string) =>
    baht(d)?.deposits.find((row) => row.channel === name) ?? { count: 0, amount: 0 };
  const waits = (d: Dashboard, what: string) => d.waiting.find((row) => row.what === what);

  it("counts today's money, members and what waits, from the ledger and the queues", async () => {
    const before = await read();
    expect(before.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const m = await memberWithToken(h.app);
    await topUp(h.app, m.token, 9_000);
    await move(h.app, m.token, 'withdraw', { amount: 6_000 });
    await call(h.app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: 'KBANK', accountNo: '5550001112', amount: 40, reference: randomUUID() },
    });

    // A slip the verifier cannot read waits for staff too.
    expect((await uploadAndSettle(h.app, m.token, blankPng())).note).toBe('INVALID_SLIP');

    const after = await read();
    expect(waits(after, 'slips')?.count).toBe((waits(before, 'slips')?.count ?? 0) + 1);
    expect(channel(after, 'sandbox').count).toBe(channel(before, 'sandbox').count + 1);
    expect(channel(after, 'sandbox').amount).toBe(channel(before, 'sandbox').amount + 9_000);
    expect(baht(after)?.withdrawals.amount).toBe((baht(before)?.withdrawals.amount ?? 0) + 6_000);
    expect(after.members.registered).toBe(before.members.registered + 1);
    expect(after.members.firstDeposits).toBe(before.members.firstDeposits + 1);
    expect(waits(after, 'withdrawals')?.count).toBe((waits(before, 'withdrawals')?.count ?? 0) + 1);
    expect(waits(after, 'bank-transfers')?.count).toBe(
      (waits(before, 'bank-transfers')?.count ?? 0) + 1,
    );
    expect(waits(after, 'withdrawals')?.oldest).not.toBeNull();
  });
});
