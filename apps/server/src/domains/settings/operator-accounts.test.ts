import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { SIGNATURE_HEADER, signCallback } from '../../providers/payments/qr-payment-provider';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Account = { id: number; bankCode: string; accountNo: string; active: boolean };
type MemberBank = { bankCode: string; bankAccountNo: string };
type Entry = { action: string; target: string; reason: string; before: unknown; after: unknown };

const newBankAccount = {
  bankCode: 'SCB',
  mode: 'AUTO',
  nameTH: 'ธนาคารไทยพาณิชย์',
  nameEN: 'Siam Commercial Bank',
  accountName: 'Member Wallet Co., Ltd.',
  accountNo: '4079998887',
  currency: 'BAHT',
  active: true,
};

/** The settings' caches keep a value for a second: a change is seen after it. */
const afterCache = () => new Promise((resolve) => setTimeout(resolve, 1_100));

async function auditOf(app: FastifyInstance, action: string): Promise<Entry[]> {
  const admin = await staffToken(app, 'admin');
  const res = await call(app, 'GET', `/api/backoffice/audit?action=${action}&limit=100`, {
    token: admin,
  });
  return (res.body.entries as Entry[]).filter((entry) => entry.reason !== 'FORBIDDEN');
}

describeOnDatabases('the accounts members pay into, set in the back office', (target) => {
  const h = useHarness(target);

  const depositLookup = async (app: FastifyInstance, token: string) => {
    const res = await call(app, 'GET', '/api/lookup/deposit', { token });
    expect(res.status).toBe(200);
    return res.body as { banks: MemberBank[]; wallets: { walletAccountName: string }[] };
  };
  const accountsOf = async (app: FastifyInstance, token: string) =>
    (await call(app, 'GET', '/api/backoffice/settings/deposit-accounts', { token })).body
      .accounts as Account[];

  it('adds, turns off and reorders a bank account for members on every process, audited', async () => {
    const finance = await staffToken(h.app, 'finance');
    // A second server process on the same database: what members there see.
    const other = await h.build();
    const member = await memberWithToken(other);
    const before = await depositLookup(other, member.token);

    const added = await call(h.app, 'POST', '/api/backoffice/settings/deposit-accounts', {
      token: finance,
      body: { account: newBankAccount, reason: 'New SCB account for the busy hours' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ bankType: 'BANK', active: true, accountNo: '4079998887' });
    const id = Number(added.body.id);
    const shown = await depositLookup(other, member.token);
    expect(shown.banks.map((b) => b.bankAccountNo)).toEqual([
      ...before.banks.map((b) => b.bankAccountNo),
      '4079998887',
    ]);

    // First in the members' list, then off.
    const ids = (await accountsOf(h.app, finance)).map((a) => a.id);
    const first = [id, ...ids.filter((each) => each !== id)];
    const moved = await call(h.app, 'PUT', '/api/backoffice/settings/deposit-accounts/order', {
      token: finance,
      body: { ids: first, reason: 'The new account first' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await depositLookup(other, member.token)).banks[0]?.bankAccountNo).toBe('4079998887');
    const off = await call(h.app, 'PUT', `/api/backoffice/settings/deposit-accounts/${id}`, {
      token: finance,
      body: { account: { ...newBankAccount, active: false }, reason: 'Bank froze it' },
    });
    expect(off.body).toMatchObject({ id, active: false });
    expect(
      (await depositLookup(other, member.token)).banks.map((b) => b.bankAccountNo),
    ).not.toContain('4079998887');

    const entries = await auditOf(h.app, 'settings.deposit-account');
    expect(entries).toMatchObject([
      {
        target: `deposit-account:${id}`,
        reason: 'Bank froze it',
        before: { active: true },
        after: { active: false },
      },
      { target: `deposit-account:${id}`, before: null, after: { accountNo: '4079998887' } },
    ]);
    expect((await auditOf(h.app, 'settings.deposit-order'))[0]).toMatchObject({
      before: { order: ids },
      after: { order: first },
    });
  });

  it('refuses an account that contradicts itself, and changes nothing', async () => {
    const admin = await staffToken(h.app, 'admin');
    const put = (account: object) =>
      call(h.app, 'POST', '/api/backoffice/settings/deposit-accounts', {
        token: admin,
        body: { account: { ...newBankAccount, ...account }, reason: 'Trying a wrong account' },
      });
    const kept = await accountsOf(h.app, admin);
    const auditBefore = (await auditOf(h.app, 'settings.deposit-account')).length;

    // A payment provider's account is credited by its callback: never MANUAL.
    expect((await put({ bankCode: 'WW', mode: 'MANUAL', accountNo: 'WW-777' })).body).toMatchObject(
      { code: 'KEY_INVALID', field: 'account.mode' },
    );
    // A Lao bank's account holds kip: baht there would be read 650 times too small.
    expect((await put({ bankCode: 'BCEL', accountNo: '0101000999' })).body).toMatchObject({
      code: 'KEY_INVALID',
      field: 'account.currency',
    });
    // The seed's SCB account already is one.
    expect((await put({ accountNo: '4071234567' })).body).toMatchObject({
      code: 'EXISTING_BANK',
      field: 'account.accountNo',
    });
    expect((await put({ accountNo: '12 34' })).body).toMatchObject({ code: 'KEY_INVALID' });
    const noReason = await call(h.app, 'POST', '/api/backoffice/settings/deposit-accounts', {
      token: admin,
      body: { account: { ...newBankAccount, accountNo: '4075554443' } },
    });
    expect(noReason.body).toMatchObject({ code: 'KEY_MISSING', field: 'reason' });
    // An order that leaves an account out was made from a stale screen.
    const partial = await call(h.app, 'PUT', '/api/backoffice/settings/deposit-accounts/order', {
      token: admin,
      body: { ids: kept.slice(1).map((a) => a.id), reason: 'Stale screen' },
    });
    expect(partial.body).toMatchObject({ code: 'KEY_INVALID', field: 'ids' });
    const missing = await call(h.app, 'PUT', '/api/backoffice/settings/deposit-accounts/999999', {
      token: admin,
      body: { account: newBankAccount, reason: 'No such account' },
    });
    expect(missing.status).toBe(404);

    expect(await accountsOf(h.app, admin)).toEqual(kept);
    expect(await auditOf(h.app, 'settings.deposit-account')).toHaveLength(auditBefore);
    // Support neither reads nor changes them.
    const support = await staffToken(h.app, 'support');
    const refused = await call(h.app, 'POST', '/api/backoffice/settings/deposit-accounts', {
      token: support,
      body: { account: { ...newBankAccount, accountNo: '4076665554' }, reason: 'Not mine to do' },
    });
    expect(refused.body.code).toBe('FORBIDDEN');
  });

  it('adds a TrueMoney wallet, reorders and turns one off, seen by members at once', async () => {
    const finance = await staffToken(h.app, 'finance');
    const member = await memberWithToken(h.app);
    const list = async () =>
      (await call(h.app, 'GET', '/api/backoffice/settings/truemoney-accounts', { token: finance }))
        .body.accounts as { id: number; phone: string }[];
    const added = await call(h.app, 'POST', '/api/backoffice/settings/truemoney-accounts', {
      token: finance,
      body: {
        account: { mode: 'AUTO', phone: '0861112222', active: true },
        reason: 'Second wallet',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const wallets = async () =>
      (await depositLookup(h.app, member.token)).wallets.map((w) => w.walletAccountName);
    expect(await wallets()).toEqual(['0812345678', '0898765432', '0861112222']);

    const ids = (await list()).map((w) => w.id);
    const reversed = [...ids].reverse();
    await call(h.app, 'PUT', '/api/backoffice/settings/truemoney-accounts/order', {
      token: finance,
      body: { ids: reversed, reason: 'New wallet first' },
    });
    expect(await wallets()).toEqual(['0861112222', '0898765432', '0812345678']);
    const off = await call(
      h.app,
      'PUT',
      `/api/backoffice/settings/truemoney-accounts/${added.body.id}`,
      {
        token: finance,
        body: {
          account: { mode: 'AUTO', phone: '0861112222', active: false },
          reason: 'Limit reached',
        },
      },
    );
    expect(off.body).toMatchObject({ active: false });
    expect(await wallets()).toEqual(['0898765432', '0812345678']);
    const bad = await call(h.app, 'POST', '/api/backoffice/settings/truemoney-accounts', {
      token: finance,
      body: { account: { mode: 'AUTO', phone: '021234567', active: true }, reason: 'Landline' },
    });
    expect(bad.body).toMatchObject({ code: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
    expect(await list()).toHaveLength(3);
    expect((await auditOf(h.app, 'settings.truemoney-account'))[0]).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
  });

  it("keeps a QR provider's own maximum, which the server enforces on QR creation", async () => {
    const finance = await staffToken(h.app, 'finance');
    const read = async () =>
      (
        (await call(h.app, 'GET', '/api/backoffice/settings/limits', { token: finance })).body
          .currencies as { currency: string; limits: Record<string, unknown> }[]
      ).find((row) => row.currency === 'BAHT')?.limits as {
        qrMin: Record<string, number>;
        qrMax: Record<string, number>;
        depositMax: number;
      };
    const baht = await read();
    // Until set, each provider's maximum is the largest deposit.
    expect(baht.qrMax).toEqual({ KBANK: 100_000, WW: 100_000, PAYTIMZ: 100_000, PAYONEX: 100_000 });
    const put = (limits: object) =>
      call(h.app, 'PUT', '/api/backoffice/settings/limits/BAHT', {
        token: finance,
        body: { limits, reason: 'WW caps a QR at 500 baht' },
      });
    const above = await put({ ...baht, qrMax: { ...baht.qrMax, WW: 200_000 } });
    expect(above.body).toMatchObject({ code: 'KEY_INVALID', field: 'limits.qrMax.WW' });
    const below = await put({ ...baht, qrMax: { ...baht.qrMax, WW: 50 } });
    expect(below.body).toMatchObject({ code: 'KEY_INVALID', field: 'limits.qrMax.WW' });
    expect((await put({ ...baht, qrMax: { ...baht.qrMax, WW: 500 } })).status).toBe(200);
    await afterCache();

    const member = await memberWithToken(h.app);
    const rules = await call(h.app, 'GET', '/api/lookup/withdraw', { token: member.token });
    expect(rules.body).toMatchObject({ qrMax: { WW: 500, KBANK: 100_000 } });
    const create = (amount: number) =>
      call(h.app, 'POST', '/api/qrcode/WW', {
        token: member.token,
        body: { amount },
        headers: { 'idempotency-key': randomUUID() },
      });
    expect((await create(501)).body).toMatchObject({ code: 'QR_FAIL', field: 'amount' });
    expect((await create(500)).body).toMatchObject({ hasQrcode: true, amount: 500 });
    // Put back for the other tests of this database.
    expect((await put(baht)).status).toBe(200);
  });

  it('rotates a QR callback secret: the new one shown once, the old one taken until the grace ends', async () => {
    const lines: string[] = [];
    // A grace period of 2 seconds, so its end comes inside the test.
    const app = await h.build(
      { QR_SECRET_GRACE_SECONDS: '2', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    const admin = await staffToken(app, 'admin');
    const rotate = () =>
      call(app, 'POST', '/api/backoffice/settings/qr-secrets/ww/rotate', {
        token: admin,
        body: { reason: 'Yearly rotation with WW' },
      });
    const first = await rotate();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const old = String(first.body.secret);
    const second = await rotate();
    const fresh = String(second.body.secret);
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(old);
    const states = await call(app, 'GET', '/api/backoffice/settings/qr-secrets', { token: admin });
    expect(states.body).toMatchObject({ graceSeconds: 2 });
    expect(
      (states.body.secrets as { provider: string; previousUntil: string | null }[]).find(
        (s) => s.provider === 'WW',
      )?.previousUntil,
    ).toBe(second.body.previousUntil);

    const member = await memberWithToken(app);
    const qr = async (amount: number) => {
      const res = await call(app, 'POST', '/api/qrcode/WW', {
        token: member.token,
        body: { amount },
        headers: { 'idempotency-key': randomUUID() },
      });
      return String(res.body.qrcodeId);
    };
    const callback = (qrcodeId: string, amount: number, secret: string) => {
      const raw = JSON.stringify({
        reference: qrcodeId,
        paymentId: `PAY-${randomUUID()}`,
        amount: amount.toFixed(2),
        paidAt: new Date().toISOString(),
      });
      return app.inject({
        method: 'POST',
        url: '/api/callbacks/qr/ww',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallback(secret, raw),
        },
      });
    };
    await afterCache();
    // The provider has not switched yet: its callback, signed with the old secret, is taken.
    expect((await callback(await qr(150), 150, old)).statusCode).toBe(200);
    // The sandbox provider signs with the new one.
    const paid = await call(app, 'POST', `/api/sandbox/qrcode/${await qr(120)}/pay`);
    expect(paid.status).toBe(200);
    const wallet = await call(app, 'GET', '/api/wallet', { token: member.token });
    expect(wallet.body.wallet).toMatchObject({ cash: 270 });

    // After the grace period only the new secret is taken.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const late = await qr(130);
    expect((await callback(late, 130, old)).statusCode).toBe(401);
    expect((await callback(late, 130, fresh)).statusCode).toBe(200);

    // The secrets are in no log line and no audit entry; the audit tells the rotations apart.
    const log = lines.join('\n');
    expect(log).not.toContain(old);
    expect(log).not.toContain(fresh);
    const entries = await auditOf(app, 'settings.qr-secret');
    expect(JSON.stringify(entries)).not.toContain(fresh);
    expect(entries[0]).toMatchObject({
      target: 'qr-secret:WW',
      reason: 'Yearly rotation with WW',
      after: { previousUntil: second.body.previousUntil },
    });
    const finance = await staffToken(app, 'finance');
    const refused = await call(app, 'POST', '/api/backoffice/settings/qr-secrets/WW/rotate', {
      token: finance,
      body: { reason: 'Finance may not' },
    });
    expect(refused.body.code).toBe('FORBIDDEN');
  });
});
