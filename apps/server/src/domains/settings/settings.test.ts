import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { move, topUp } from '../../test/money';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Limits = {
  withdrawMin: number;
  withdrawMax: number;
  withdrawApprovalAbove: number;
  transferMin: number;
  giftLinkMin: number;
  qrMin: Record<string, number>;
  depositMax: number;
};

describeOnDatabases("the operator's settings, changed in the back office", (target) => {
  const h = useHarness(target);
  /** The settings' caches keep a value for a second: a change is seen after it. */
  const afterCache = () => new Promise((resolve) => setTimeout(resolve, 1_100));

  it('closes the service for members and reopens it from the back office, audited', async () => {
    const { app } = h;
    const member = await memberWithToken(app);
    const admin = await staffToken(app, 'admin');
    const finance = await staffToken(app, 'finance');
    const refused = await call(app, 'PUT', '/api/backoffice/settings/switches', {
      token: finance,
      body: { terminated: true, reason: 'maintenance tonight' },
    });
    expect(refused.body.code).toBe('FORBIDDEN');
    const noReason = await call(app, 'PUT', '/api/backoffice/settings/switches', {
      token: admin,
      body: { terminated: true },
    });
    expect(noReason.body).toMatchObject({ code: 'KEY_MISSING', field: 'reason' });

    const closed = await call(app, 'PUT', '/api/backoffice/settings/switches', {
      token: admin,
      body: { terminated: true, reason: 'maintenance tonight' },
    });
    expect(closed.body).toMatchObject({ terminated: true });
    await afterCache();
    const wallet = await call(app, 'GET', '/api/wallet', { token: member.token });
    expect(wallet.status).toBe(410);
    expect(wallet.body.code).toBe('TERMINATED');
    // Staff keep working while members are shut out, and reopen the service.
    const switches = await call(app, 'GET', '/api/backoffice/settings/switches', {
      token: finance,
    });
    expect(switches.body).toMatchObject({ terminated: true });
    await call(app, 'PUT', '/api/backoffice/settings/switches', {
      token: admin,
      body: { terminated: false, reason: 'maintenance done' },
    });
    await afterCache();
    expect((await call(app, 'GET', '/api/wallet', { token: member.token })).status).toBe(200);

    const audit = await call(app, 'GET', '/api/backoffice/audit?action=settings.switches', {
      token: admin,
    });
    const entries = audit.body.entries as { reason: string; staff: string }[];
    // The refused attempt is there too, as every refusal is.
    expect(entries.filter((entry) => entry.reason === 'FORBIDDEN')).toMatchObject([
      { staff: 'finance' },
    ]);
    expect(entries.filter((entry) => entry.reason !== 'FORBIDDEN')).toMatchObject([
      { reason: 'maintenance done', before: { terminated: true }, after: { terminated: false } },
      { reason: 'maintenance tonight', before: { terminated: false }, after: { terminated: true } },
    ]);
  });

  it("changes a currency's withdraw rules for members at once, and refuses rules that contradict", async () => {
    const { app } = h;
    const finance = await staffToken(app, 'finance');
    const read = async () =>
      (await call(app, 'GET', '/api/backoffice/settings/limits', { token: finance })).body
        .currencies as { currency: string; limits: Limits }[];
    const baht = (await read()).find((row) => row.currency === 'BAHT')?.limits as Limits;
    expect(baht.withdrawApprovalAbove).toBe(5_000);

    const put = (limits: Limits, token = finance) =>
      call(app, 'PUT', '/api/backoffice/settings/limits/BAHT', {
        token,
        body: { limits, reason: 'new payout bank limits' },
      });
    const upsideDown = await put({ ...baht, withdrawMin: 90_000, withdrawMax: 80_000 });
    expect(upsideDown.body).toMatchObject({ code: 'KEY_INVALID' });
    const support = await staffToken(app, 'support');
    expect((await put(baht, support)).body.code).toBe('FORBIDDEN');

    expect((await put({ ...baht, withdrawApprovalAbove: 1_000 })).status).toBe(200);
    await afterCache();
    expect((await read()).find((row) => row.currency === 'BAHT')?.limits).toMatchObject({
      withdrawApprovalAbove: 1_000,
    });
    // A withdrawal above the new threshold now waits for staff.
    const member = await memberWithToken(app);
    await topUp(app, member.token, 3_000);
    await move(app, member.token, 'withdraw', { amount: 1_500 });
    const waiting = await call(app, 'GET', '/api/backoffice/withdrawals?status=waiting&limit=100', {
      token: finance,
    });
    expect(
      (waiting.body.withdrawals as { username: string }[]).map((row) => row.username),
    ).toContain(member.username);
    // The kip rules are their own.
    expect((await read()).find((row) => row.currency === 'LAK')?.limits.withdrawApprovalAbove).toBe(
      3_000_000,
    );
    const admin = await staffToken(app, 'admin');
    const audit = await call(app, 'GET', '/api/backoffice/audit?action=settings.limits', {
      token: admin,
    });
    const changes = (audit.body.entries as { reason: string }[]).filter(
      (entry) => entry.reason !== 'FORBIDDEN',
    );
    expect(changes).toMatchObject([
      {
        staff: 'finance',
        target: 'settings:limits:BAHT',
        before: { withdraw: { approvalAboveMinor: 500_000 } },
        after: { withdraw: { approvalAboveMinor: 100_000 } },
      },
    ]);
    // Put back for the other tests of this database.
    expect((await put(baht)).status).toBe(200);
  });
});
