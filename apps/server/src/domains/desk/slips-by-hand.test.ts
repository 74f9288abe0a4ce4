import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { blankPng, useSlipSuite } from '../../test/slip-suite';
import { listSlips, uploadAndSettle } from '../../test/slips';
import { staffToken } from '../../test/staff';

type Undecided = { id: number; username: string; note: string; link: string };

describeOnDatabases('slips the verifier could not decide, at the money desk', (target) => {
  const suite = useSlipSuite(target);

  const undecided = async (token: string) =>
    (await call(suite.app, 'GET', '/api/backoffice/slips', { token })).body.slips as Undecided[];

  it('are credited by hand once a second staff member approves, under the reference staff read', async () => {
    const { app, cash } = suite;
    const m = await memberWithToken(app);
    const slip = await uploadAndSettle(app, m.token, blankPng());
    expect(slip).toMatchObject({ status: 'failed', note: 'INVALID_SLIP' });
    const [finance, admin] = await Promise.all([
      staffToken(app, 'finance'),
      staffToken(app, 'admin'),
    ]);
    const listed = (await undecided(finance)).find((row) => row.username === m.username);
    expect(listed).toMatchObject({ note: 'INVALID_SLIP' });
    // Staff can open the picture behind the signed link.
    const picture = await app.inject({ method: 'GET', url: String(listed?.link) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/png');

    const reference = `REF${randomUUID().slice(0, 10)}`;
    const asked = await call(app, 'POST', `/api/backoffice/slips/${listed?.id}/credit`, {
      token: finance,
      body: { amount: 320, reference, reason: 'read the amount off the picture' },
    });
    expect(asked.body).toMatchObject({ status: 'pending' });
    // The adjustments queue names the slip it credits.
    const queue = await call(app, 'GET', '/api/backoffice/adjustments?status=pending&limit=100', {
      token: admin,
    });
    expect(
      (queue.body.adjustments as { id: number; kind: string; slipId: number }[]).find(
        (row) => row.id === asked.body.id,
      ),
    ).toMatchObject({ kind: 'slip', slipId: listed?.id });
    // The slip itself says its credit waits, for how much and under which reference.
    expect((await undecided(admin)).find((row) => row.id === listed?.id)).toMatchObject({
      pending: { adjustmentId: asked.body.id, requestedBy: 'finance', amount: 320, reference },
    });
    const own = await call(app, 'POST', `/api/backoffice/adjustments/${asked.body.id}/approve`, {
      token: finance,
    });
    expect(own.body.code).toBe('MAKER_CHECKER');
    const approved = await call(
      app,
      'POST',
      `/api/backoffice/adjustments/${asked.body.id}/approve`,
      { token: admin },
    );
    expect(approved.body).toMatchObject({ status: 'approved' });
    expect(await cash(m)).toBe(32_000);
    const mine = (await listSlips(app, m.token)).slips.find(
      (row) => row._id === String(listed?.id),
    );
    expect(mine).toMatchObject({ status: 'success', amount: 320, reference });
    expect((await undecided(finance)).map((row) => row.id)).not.toContain(listed?.id);

    // The bank feed reporting the same transfer credits nothing more.
    await call(app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: 'SCB', accountNo: String(m.body.bankAccountNo), amount: 320, reference },
    });
    expect(await cash(m)).toBe(32_000);
  });

  it('are refused with a reason of the slip reason table, which the member sees', async () => {
    const { app, cash } = suite;
    const m = await memberWithToken(app);
    await uploadAndSettle(app, m.token, blankPng());
    const support = await staffToken(app, 'support');
    const finance = await staffToken(app, 'finance');
    expect((await call(app, 'GET', '/api/backoffice/slips', { token: support })).status).toBe(403);
    const listed = (await undecided(finance)).find((row) => row.username === m.username);
    const refused = await call(app, 'POST', `/api/backoffice/slips/${listed?.id}/reject`, {
      token: finance,
      body: { note: 'NOT_MATCH', reason: 'the name on the slip is not the member' },
    });
    expect(refused.status).toBe(200);
    const mine = (await listSlips(app, m.token)).slips.find(
      (row) => row._id === String(listed?.id),
    );
    expect(mine).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
    expect(await cash(m)).toBe(0);
    const again = await call(app, 'POST', `/api/backoffice/slips/${listed?.id}/reject`, {
      token: finance,
      body: { note: 'INVALID_SLIP', reason: 'twice' },
    });
    expect(again.status).toBe(404);
  });
});
