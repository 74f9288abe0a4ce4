import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken, newAccountNo } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf } from '../../test/money';
import { startTwoProcesses, type TwoProcesses } from '../../test/processes';
import { describeWith } from '../../test/services';
import { useHarness } from '../../test/use-harness';
import { listUnmatchedBankTransfers } from './deposit.repository';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

function bankTransfer(app: FastifyInstance, body: Record<string, unknown>) {
  return call(app, 'POST', '/api/sandbox/bank-transfer', { body });
}

/** A transfer of `amount` baht from the member's registered account, with a fresh reference. */
function fromMember(member: Member, amount: number, reference = `SCB${randomUUID()}`) {
  const body = member.body as { bankCode: string; bankAccountNo: string };
  return { bankCode: body.bankCode, accountNo: body.bankAccountNo, amount, reference };
}

describeOnDatabases('deposits by bank transfer', (target) => {
  const h = useHarness(target);

  it("lists the operator's receiving accounts in the member's currency", async () => {
    const m = await memberWithToken(h.app);
    const res = await call(h.app, 'GET', '/api/lookup/deposit', { token: m.token });
    expect(res.status).toBe(200);
    const banks = res.body.banks as { bankCode: string; currency: string; mode: string }[];
    expect(banks.map((b) => b.bankCode)).toEqual([
      'SCB',
      'GSB',
      'KBANK',
      'WW',
      'PAYTIMZ',
      'PAYONEX',
    ]);
    expect(banks.every((b) => b.currency === 'BAHT')).toBe(true);
    expect(res.body.wallets).toEqual([
      { mode: 'AUTO', walletAccountName: '0812345678' },
      { mode: 'GIFT_LINK', walletAccountName: '0898765432' },
    ]);
    expect(res.body.isManual).toBe(true);
  });

  it('asks for a signed-in member', async () => {
    const res = await call(h.app, 'GET', '/api/lookup/deposit');
    expect(res.status).toBe(401);
  });

  it("credits a transfer from the member's registered account once, however often it is reported", async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    const report = fromMember(m, 500);
    for (let i = 0; i < 3; i++) {
      const res = await bankTransfer(h.app, report);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, matched: true });
    }
    expect((await ledgerBalances(h.db, id)).cash).toBe(50_000);
    const wallet = await call(h.app, 'GET', '/api/wallet', { token: m.token });
    expect((wallet.body.wallet as { cash: number }).cash).toBe(500);
    const statement = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(JSON.stringify(statement.body)).toContain('deposit');
    await expectLedgerInvariants(h.db);
  });

  it('keeps a transfer that matches no member for the operator, and credits no one', async () => {
    const report = {
      bankCode: 'SCB',
      accountNo: newAccountNo(),
      amount: 250,
      reference: `SCB${randomUUID()}`,
    };
    const res = await bankTransfer(h.app, report);
    expect(res.body).toEqual({ success: true, matched: false });
    const unmatched = await listUnmatchedBankTransfers(h.db, 50);
    expect(unmatched.find((t) => t.reference === report.reference)).toMatchObject({
      accountNo: report.accountNo,
      amount: 25_000,
    });
    await expectLedgerInvariants(h.db);
  });

  it('does not credit a reference again when it is reported with other details', async () => {
    const m = await memberWithToken(h.app);
    const other = await memberWithToken(h.app);
    const report = fromMember(m, 100);
    await bankTransfer(h.app, report);
    // The same bank reference, now claimed for another account and amount: nothing moves.
    await bankTransfer(h.app, { ...fromMember(other, 9_000), reference: report.reference });
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash).toBe(10_000);
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, other.username))).cash ?? 0).toBe(0);
  });

  it('refuses a report that is not a transfer, writing nothing', async () => {
    const m = await memberWithToken(h.app);
    for (const bad of [
      { ...fromMember(m, 0) },
      { ...fromMember(m, -5) },
      { ...fromMember(m, 10), reference: '' },
    ]) {
      const res = await bankTransfer(h.app, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash ?? 0).toBe(0);
  });
});

/** The feed delivering one transfer to two server processes at once: PostgreSQL only. */
describeWith('postgres', 'deposits by bank transfer, raced on postgres', (adminUrl) => {
  let processes: TwoProcesses;
  beforeAll(async () => {
    processes = await startTwoProcesses(adminUrl);
  });
  afterAll(async () => {
    await processes?.close();
  });

  it('credits once when 30 deliveries of one transfer reach two processes together', async () => {
    const [first, second] = processes.servers;
    const m = await memberWithToken(first);
    const report = fromMember(m, 700);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => bankTransfer(i % 2 ? first : second, report)),
    );
    expect(results.every((r) => r.status === 200 && r.body.matched === true)).toBe(true);
    const id = await memberIdOf(processes.db, m.username);
    expect((await ledgerBalances(processes.db, id)).cash).toBe(70_000);
    await expectLedgerInvariants(processes.db);
  });
});

describeOnDatabases('deposits by TrueMoney gift link', (target) => {
  let h: Harness;
  let publicKey: string;
  beforeAll(async () => {
    h = await startHarness(target);
    publicKey = String((await call(h.app, 'GET', '/api/lookup/truelink-key')).body.publicKey);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The link as the web app sends it: RSA-OAEP (SHA-256) with the installation's key, base64. */
  const encrypt = (link: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(link, 'utf8'),
    ).toString('base64');

  async function giftLink(amount: number, phoneNumber: string): Promise<string> {
    const res = await call(h.app, 'POST', '/api/sandbox/truelink', {
      body: { amount, phoneNumber },
    });
    expect(res.status).toBe(200);
    return String(res.body.link);
  }

  function handIn(member: Member, link: string, key = randomUUID()) {
    return call(h.app, 'POST', '/api/wallet/truelink', {
      token: member.token,
      body: { link: encrypt(link) },
      headers: { 'idempotency-key': key },
    });
  }

  const cashOf = async (member: Member) =>
    (await ledgerBalances(h.db, await memberIdOf(h.db, member.username))).cash ?? 0;

  it("credits a link sent from the member's own phone once; handing it in again is a duplicate", async () => {
    const m = await memberWithToken(h.app);
    const link = await giftLink(50, m.username);
    const request = {
      token: m.token,
      body: { link: encrypt(link) },
      headers: { 'idempotency-key': randomUUID() },
    };
    const first = await call(h.app, 'POST', '/api/wallet/truelink', request);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, status: 'success', amount: 50 });
    // A retry of the same request (its key and body) answers the same, moving nothing.
    const retry = await call(h.app, 'POST', '/api/wallet/truelink', request);
    expect(retry.body).toEqual(first.body);
    // Handing the link in again, as a new request, is refused.
    const again = await handIn(m, link);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TRUELINK_DUPLICATE' });
    expect(await cashOf(m)).toBe(5_000);
    await expectLedgerInvariants(h.db);
  });

  it('credits once when the member hands one link in five times at once', async () => {
    const m = await memberWithToken(h.app);
    const link = await giftLink(20, m.username);
    const results = await Promise.all(Array.from({ length: 5 }, () => handIn(m, link)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.body).toMatchObject({ code: 'TRUELINK_DUPLICATE' });
    }
    expect(await cashOf(m)).toBe(2_000);
  });

  it('refuses a link another member sent, and leaves it for its sender', async () => {
    const sender = await memberWithToken(h.app);
    const other = await memberWithToken(h.app);
    const link = await giftLink(30, sender.username);
    const taken = await handIn(other, link);
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'TRUELINK_INVALID' });
    expect(await cashOf(other)).toBe(0);
    expect((await handIn(sender, link)).status).toBe(200);
    expect(await cashOf(sender)).toBe(3_000);
  });

  it('refuses a link under 2 baht, a link TrueMoney does not know, one used elsewhere and text that is no link', async () => {
    const m = await memberWithToken(h.app);
    const small = await giftLink(1.99, m.username);
    const used = await giftLink(10, m.username);
    await h.db.execute(
      sql`update sandbox_gift_links set redeemed_by = '0999999999' where code = ${used.split('v=')[1]}`,
    );
    for (const link of [
      small,
      used,
      'https://gift.truemoney.com/campaign/?v=0123456789abcdef0123',
      'not a gift link',
    ]) {
      const res = await handIn(m, link);
      expect(res.status, link).toBe(400);
      expect(res.body).toMatchObject({ code: 'TRUELINK_INVALID' });
    }
    const garbage = await call(h.app, 'POST', '/api/wallet/truelink', {
      token: m.token,
      body: { link: Buffer.from('not encrypted').toString('base64') },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(garbage.body).toMatchObject({ code: 'TRUELINK_INVALID' });
    expect(await cashOf(m)).toBe(0);
    const claims = await h.db.execute(
      sql`select count(*)::int as n from gift_links where member_id = ${await memberIdOf(h.db, m.username)}`,
    );
    expect((claims as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('stops a member who hands in more links than the hourly limit, writing nothing', async () => {
    const limited = await h.build({ GIFT_LINK_ATTEMPTS_PER_HOUR: '3' });
    const m = await memberWithToken(limited);
    const link = await giftLink(15, m.username);
    const tries = [];
    for (let i = 0; i < 3; i++) {
      tries.push(
        await call(limited, 'POST', '/api/wallet/truelink', {
          token: m.token,
          body: { link: encrypt('https://gift.truemoney.com/campaign/?v=guessguessguess') },
          headers: { 'idempotency-key': randomUUID() },
        }),
      );
    }
    expect(tries.map((t) => t.body.code)).toEqual(Array(3).fill('TRUELINK_INVALID'));
    const fourth = await call(limited, 'POST', '/api/wallet/truelink', {
      token: m.token,
      body: { link: encrypt(link) },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'REQUEST_LIMIT' });
    expect(await cashOf(m)).toBe(0);
  });

  it('completes, once, a redemption whose request died between its claim and its credit', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    const link = await giftLink(40, m.username);
    const code = link.split('v=')[1] ?? '';
    // What a request leaves when its process dies after claiming the link.
    await h.db.execute(
      sql`insert into gift_links (code, member_id, amount, state, claimed_by, created_at)
          values (${code}, ${id}, 4000, 'redeeming', 'once:dead', now() - interval '5 minutes')`,
    );
    expect(await h.app.money.deposits.settleGiftLinks(60_000)).toEqual({ settled: 1 });
    expect(await h.app.money.deposits.settleGiftLinks(60_000)).toEqual({ settled: 0 });
    expect(await cashOf(m)).toBe(4_000);
    expect((await handIn(m, link)).body).toMatchObject({ code: 'TRUELINK_DUPLICATE' });
    await expectLedgerInvariants(h.db);
  });

  it('answers a retry whose claim the settler completed with that credit, not as a duplicate', async () => {
    const m = await memberWithToken(h.app);
    const id = await memberIdOf(h.db, m.username);
    const link = await giftLink(35, m.username);
    const code = link.split('v=')[1] ?? '';
    const key = randomUUID();
    // The request under `key` claimed the link and died; the settler then credited it.
    await h.db.execute(
      sql`insert into gift_links (code, member_id, amount, state, claimed_by, created_at)
          values (${code}, ${id}, 3500, 'redeeming', ${`key:${id}:${key}`}, now() - interval '5 minutes')`,
    );
    expect(await h.app.money.deposits.settleGiftLinks(60_000)).toEqual({ settled: 1 });
    const retry = await handIn(m, link, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ success: true, status: 'success', amount: 35 });
    expect(await cashOf(m)).toBe(3_500);
    // Another request with that link is still a duplicate.
    expect((await handIn(m, link)).body).toMatchObject({ code: 'TRUELINK_DUPLICATE' });
  });
});
