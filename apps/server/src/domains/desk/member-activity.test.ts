import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { memberIdOf } from '../../test/money';
import { ownTransfer, sandboxSlip, uploadAndSettle } from '../../test/slips';
import { setCoins, spin } from '../../test/spin';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';
import { maskGiftCode } from './member-activity';

type Activity = {
  currency: string;
  bankTransfers: { reference: string; amount: number; transactionId: number | null }[];
  qrCodes: { provider: string; amount: number; state: string; callbacks: { outcome: string }[] }[];
  giftLinks: { code: string; amount: number; state: string }[];
  slips: { amount: number; status: string; link: string }[];
  bonuses: { code: string; state: string; turnoverTarget: number }[];
  invited: { id: number; username: string }[];
  spins: { slice: string; coupon: { state: string } | null }[];
};

describeOnDatabases("a member's records as the back office reads them", (target) => {
  const h = useHarness(target);

  it('shows each deposit with its own record, what they took and whom they invited', async () => {
    const { app, db } = h;
    const m = await memberWithToken(app);
    const id = await memberIdOf(db, m.username);
    const body = m.body as { bankCode: string; bankAccountNo: string };

    // A bank transfer from the member's own account, matched by the bank feed.
    const bank = await call(app, 'POST', '/api/sandbox/bank-transfer', {
      body: {
        bankCode: body.bankCode,
        accountNo: body.bankAccountNo,
        amount: 300,
        reference: `SCB${randomUUID()}`,
      },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    // A QR the provider reports paid.
    const qr = await call(app, 'POST', '/api/qrcode/KBANK', {
      token: m.token,
      body: { amount: 200 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(qr.status, JSON.stringify(qr.body)).toBe(200);
    await call(app, 'POST', `/api/sandbox/qrcode/${qr.body.qrcodeId}/pay`);
    // A TrueMoney gift link from the member's phone.
    const publicKey = String((await call(app, 'GET', '/api/lookup/truelink-key')).body.publicKey);
    const link = String(
      (
        await call(app, 'POST', '/api/sandbox/truelink', {
          body: { amount: 50, phoneNumber: m.username },
        })
      ).body.link,
    );
    const encrypted = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(link, 'utf8'),
    ).toString('base64');
    const gift = await call(app, 'POST', '/api/wallet/truelink', {
      token: m.token,
      body: { link: encrypted },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    // A slip of a transfer into the manual account.
    const { image } = await sandboxSlip(app, ownTransfer(m, 120));
    expect((await uploadAndSettle(app, m.token, image)).status).toBe('success');
    // A bonus taken, a spin, and a friend invited with the member's code.
    expect((await call(app, 'GET', '/api/bonus/activate/DAILY10', { token: m.token })).status).toBe(
      200,
    );
    await setCoins(db, m, 1);
    expect((await spin(app, m)).status).toBe(200);
    const friend = await memberWithToken(app, { inviteCode: `PR${id}` });

    const viewer = await staffToken(app, 'viewer');
    const res = await call(app, 'GET', `/api/backoffice/members/${id}/activity`, { token: viewer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const activity = res.body as Activity;
    expect(activity.currency).toBe('BAHT');
    expect(activity.bankTransfers).toMatchObject([
      { amount: 300, transactionId: expect.any(Number) },
    ]);
    expect(activity.qrCodes).toMatchObject([
      {
        provider: 'KBANK',
        amount: 200,
        callbacks: [expect.objectContaining({ outcome: expect.any(String) })],
      },
    ]);
    expect(activity.giftLinks).toMatchObject([{ amount: 50 }]);
    const code = new URL(link).searchParams.get('v') ?? link;
    expect(JSON.stringify(activity)).not.toContain(code);
    expect(activity.giftLinks[0]?.code).toBe(maskGiftCode(code));
    expect(activity.slips).toMatchObject([
      { amount: 120, status: 'success', link: expect.stringContaining('/api/') },
    ]);
    expect(activity.bonuses).toMatchObject([{ code: 'DAILY10' }]);
    expect(activity.spins).toHaveLength(1);
    expect(activity.invited).toEqual([expect.objectContaining({ username: friend.username })]);

    // Reading is everyone's; a member's token and an unknown member are refused.
    expect(
      (await call(app, 'GET', `/api/backoffice/members/${id}/activity`, { token: m.token })).status,
    ).toBe(401);
    const none = await call(app, 'GET', '/api/backoffice/members/999999999/activity', {
      token: viewer,
    });
    expect(none.body.code).toBe('NO_USER');
  });

  it('cuts a gift code to its ends', () => {
    expect(maskGiftCode('0123456789abcdef')).toBe('0123…cdef');
    expect(maskGiftCode('short')).toBe('…');
  });
});
