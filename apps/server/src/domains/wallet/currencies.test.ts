import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { bankTransfers, members, qrCodes } from '../../db/schema';
import { rows } from '../../db/statement';
import { CallDeadline, ProviderRefusal } from '../../providers/games/game-provider';
import { SandboxGameProvider } from '../../providers/games/sandbox-game-provider';
import { SandboxFaults } from '../../providers/sandbox-faults';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newLaoPhone, registration, verifyPhone } from '../../test/members';
import {
  activate,
  expectLedgerInvariants,
  ledgerBalances,
  memberIdOf,
  move,
  topUp,
} from '../../test/money';
import { useHarness } from '../../test/use-harness';
import { listUnmatchedBankTransfers } from '../deposit/deposit.repository';

/** The seed's receiving accounts: SCB in baht (the feed's default) and BCEL in kip. */
const BAHT_ACCOUNT = '4071234567';
const KIP_ACCOUNT = '0101000123456';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

/**
 * Issue 30, money in the right currency (docs/decisions/0050): in the Laos variant a member's
 * wallet is in kip or baht, and every credit, payout, limit and game transfer stays in it.
 */
describeOnDatabases('money in the right currency (Laos variant)', (target) => {
  const h = useHarness(target);
  let laos: FastifyInstance;
  beforeAll(async () => {
    laos = await h.build({ LAOS: '1' });
  });
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });

  const kipMember = () =>
    memberWithToken(laos, { username: newLaoPhone(), bankCode: 'BCEL', currency: 'LAK' });
  const bahtMember = () =>
    memberWithToken(laos, { username: newLaoPhone(), bankCode: 'SCB', currency: 'BAHT' });
  const cash = async (m: Member) =>
    (await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash ?? 0;
  /** The feed reports `amount` from the member's registered account into `toAccountNo`. */
  const report = async (m: Member, amount: number, toAccountNo?: string) => {
    const reference = `REF${randomUUID()}`;
    const res = await call(laos, 'POST', '/api/sandbox/bank-transfer', {
      body: {
        bankCode: m.body.bankCode,
        accountNo: m.body.bankAccountNo,
        amount,
        reference,
        ...(toAccountNo ? { toAccountNo } : {}),
      },
    });
    return { ...res, reference };
  };

  it('credits a kip transfer into the kip account to a kip wallet, in kip', async () => {
    const m = await kipMember();
    const res = await report(m, 100_000, KIP_ACCOUNT);
    expect(res.body).toEqual({ success: true, matched: true });
    expect(await cash(m)).toBe(10_000_000);
  });

  it('credits nothing to a baht wallet for a kip transfer, and keeps it unmatched for the operator', async () => {
    const m = await bahtMember();
    const res = await report(m, 100_000, KIP_ACCOUNT);
    expect(res.body).toEqual({ success: true, matched: false });
    expect(await cash(m)).toBe(0);
    const kept = await listUnmatchedBankTransfers(h.db, 100);
    expect(kept).toContainEqual(
      expect.objectContaining({
        reference: res.reference,
        toAccountNo: KIP_ACCOUNT,
        currency: 'LAK',
        amount: 10_000_000,
      }),
    );
  });

  it('credits nothing to a baht wallet registered with a kip account before the rule (the report of issue 30)', async () => {
    // Registered as a kip member, then turned into the old, mismatched registration.
    const m = await kipMember();
    await h.db.update(members).set({ currency: 'BAHT' }).where(eq(members.username, m.username));
    const res = await report(m, 100_000, KIP_ACCOUNT);
    expect(res.body).toEqual({ success: true, matched: false });
    expect(await cash(m)).toBe(0);
  });

  it('credits nothing to a kip wallet for a transfer into the baht account named by default', async () => {
    const m = await kipMember();
    const res = await report(m, 500);
    expect(res.body).toEqual({ success: true, matched: false });
    expect(await cash(m)).toBe(0);
  });

  it('refuses a report into an unknown receiving account with KEY_INVALID and keeps nothing', async () => {
    const m = await bahtMember();
    const before = await h.count(bankTransfers);
    const res = await report(m, 500, '9999999999');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'toAccountNo' });
    expect(await h.count(bankTransfers)).toBe(before);
    expect(await cash(m)).toBe(0);
  });

  it('refuses a payout bank of another currency at registration with BANK_CURRENCY_MISMATCH, storing nothing', async () => {
    for (const mismatch of [
      { bankCode: 'BCEL', currency: 'BAHT' },
      { bankCode: 'SCB', currency: 'LAK' },
      // The default currency of the Laos variant is kip.
      { bankCode: 'KBANK' },
    ]) {
      const body = registration({ username: newLaoPhone(), ...mismatch });
      const validate = await call(laos, 'POST', '/api/account/validate', { body });
      expect(validate.status).toBe(400);
      expect(validate.body).toMatchObject({ code: 'BANK_CURRENCY_MISMATCH', field: 'bankCode' });
      await verifyPhone(laos, String(body.username));
      const res = await call(laos, 'POST', '/api/account', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BANK_CURRENCY_MISMATCH', field: 'bankCode' });
      const stored = await h.db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.username, String(body.username)));
      expect(stored).toEqual([]);
    }
  });

  it('answers kip limits to a kip member and baht limits to a baht member', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    const kipLimits = await call(laos, 'GET', '/api/lookup/withdraw', { token: kip.token });
    expect(kipLimits.body).toMatchObject({
      currency: 'LAK',
      withdrawMin: 50_000,
      withdrawMax: 30_000_000,
      transferMin: 1000,
      depositMax: 60_000_000,
    });
    const bahtLimits = await call(laos, 'GET', '/api/lookup/withdraw', { token: baht.token });
    expect(bahtLimits.body).toMatchObject({
      currency: 'BAHT',
      withdrawMin: 100,
      withdrawMax: 50_000,
      transferMin: 1,
      giftLinkMin: 2,
      qrMin: { KBANK: 1, WW: 100, PAYONEX: 100, PAYTIMZ: 10 },
      depositMax: 100_000,
    });
    // Without a token: the variant's default currency, kip in Laos and baht in Thailand.
    const guest = await call(laos, 'GET', '/api/lookup/withdraw');
    expect(guest.body).toMatchObject({ currency: 'LAK', withdrawMin: 50_000 });
    const thai = await call(h.app, 'GET', '/api/lookup/withdraw');
    expect(thai.body).toMatchObject({ currency: 'BAHT', withdrawMin: 100 });
  });

  it('holds a kip withdrawal to the kip limits, whatever the baht figures allow', async () => {
    const m = await kipMember();
    await topUp(laos, m.token, 1_000_000);
    // 1,000 is a fine baht withdrawal but below the kip minimum of 50,000.
    const low = await move(laos, m.token, 'withdraw', { amount: 1000 });
    expect(low.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
    expect(await cash(m)).toBe(100_000_000);
    const ok = await move(laos, m.token, 'withdraw', { amount: 60_000 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await cash(m)).toBe(94_000_000);
  });

  it('sends no payout to a bank account of another currency', async () => {
    const m = await kipMember();
    await h.db.update(members).set({ currency: 'BAHT' }).where(eq(members.username, m.username));
    await topUp(laos, m.token, 1000);
    const res = await move(laos, m.token, 'withdraw', { amount: 500 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BANK_CURRENCY_MISMATCH', field: 'bankCode' });
    expect(await cash(m)).toBe(100_000);
  });

  it('holds a kip transfer to the kip minimum', async () => {
    const m = await kipMember();
    await topUp(laos, m.token, 10_000);
    await activate(laos, m.token, 'PG');
    const low = await move(laos, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 500 });
    expect(low.body).toMatchObject({ code: 'TRANSFER_MINIMUM', field: 'amount' });
    expect(await cash(m)).toBe(1_000_000);
    const ok = await move(laos, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 5000 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses a QR for more than the largest deposit of the currency with QR_FAIL, storing nothing', async () => {
    const m = await bahtMember();
    const before = await h.count(qrCodes);
    const res = await call(laos, 'POST', '/api/qrcode/KBANK', {
      token: m.token,
      body: { amount: 100_000.01 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'QR_FAIL', field: 'amount' });
    expect(await h.count(qrCodes)).toBe(before);
  });

  it('tells the game provider the currency of the account, which refuses money in another', async () => {
    const m = await kipMember();
    await activate(laos, m.token, 'JOKER');
    const [account] = await rows<{ username: string; currency: string }>(
      h.db,
      sql`select s.username, s.currency from sandbox_game_accounts s
          join game_accounts g on g.provider_code = s.provider_code and g.username = s.username
          join members m on m.id = g.member_id
          where s.provider_code = 'JOKER' and m.username = ${m.username}`,
    );
    expect(account?.currency).toBe('LAK');
    const provider = new SandboxGameProvider('JOKER', h.db, new SandboxFaults(h.db));
    const deadline = new CallDeadline();
    const username = String(account?.username);
    await expect(
      provider.deposit(
        username,
        { amount: 10_000_000, currency: 'BAHT' },
        `T${randomUUID()}`,
        deadline,
      ),
    ).rejects.toBeInstanceOf(ProviderRefusal);
    expect(await provider.readBalance(username)).toBe(0);
    await provider.deposit(
      username,
      { amount: 10_000_000, currency: 'LAK' },
      `T${randomUUID()}`,
      deadline,
    );
    expect(await provider.readBalance(username)).toBe(10_000_000);
  });

  it("credits a report that names no receiving account as one into the seed's baht account", async () => {
    const m = await bahtMember();
    const res = await report(m, 250);
    expect(res.body).toEqual({ success: true, matched: true });
    const [row] = await h.db
      .select({ toAccountNo: bankTransfers.toAccountNo, currency: bankTransfers.currency })
      .from(bankTransfers)
      .where(eq(bankTransfers.accountNo, String(m.body.bankAccountNo)));
    expect(row).toEqual({ toAccountNo: BAHT_ACCOUNT, currency: 'BAHT' });
  });
});
