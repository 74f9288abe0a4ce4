import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSetting, writeSetting } from '../../core/settings/settings.repository';
import { slips } from '../../db/schema';
import { rows } from '../../db/statement';
import { SignedLinks } from '../../lib/signed-links';
import { SandboxFaults } from '../../providers/sandbox-faults';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken, newAccountNo } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf, setFault } from '../../test/money';
import {
  listSlips,
  ownTransfer,
  sandboxSlip,
  settledSlip,
  uploadAndSettle,
  uploadSlip,
} from '../../test/slips';
import { SLIP_IMAGE_PATH } from './slip.route';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

/** Every file under `dir`, however deep. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A white PNG with no QR code in it. */
function blankPng(): Buffer {
  const png = new PNG({ width: 200, height: 300 });
  png.data.fill(255);
  return PNG.sync.write(png);
}

describeOnDatabases('deposit slips', (target) => {
  let h: Harness;
  let app: FastifyInstance;
  let uploads: string;

  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'wallet-slips-'));
    // Every app on the database works the slip jobs, with the periodic sweeps off
    // (RECONCILE_INTERVAL_MS=0, the test default); the verifier retried 1 s apart instead of 30.
    h = await startHarness(target, {
      UPLOADS_DIR: uploads,
      SLIP_VERIFY_RETRY_SECONDS: '1',
      SLIP_ATTEMPTS_PER_HOUR: '1000',
    });
    app = h.app;
  });
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });
  afterAll(async () => {
    await h?.close();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  const cash = async (m: Member) =>
    (await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash ?? 0;

  it('verifies an uploaded slip by its job with the periodic sweeps off (RECONCILE_INTERVAL_MS=0)', async () => {
    const zero = await h.build({ RECONCILE_INTERVAL_MS: '0' });
    const m = await memberWithToken(zero);
    const { image } = await sandboxSlip(zero, ownTransfer(m, 40));
    expect(await uploadAndSettle(zero, m.token, image)).toMatchObject({ status: 'success' });
    expect(await cash(m)).toBe(4_000);
  });

  it('credits a good slip once and lists it as success with its reference and picture', async () => {
    const m = await memberWithToken(app);
    const { image, reference } = await sandboxSlip(app, ownTransfer(m, 500));
    const slip = await uploadAndSettle(app, m.token, image);
    expect(slip).toMatchObject({ status: 'success', note: null, reference, amount: 500 });
    expect(await cash(m)).toBe(50_000);

    const wallet = await call(app, 'GET', '/api/wallet', { token: m.token });
    expect((wallet.body.wallet as { cash: number }).cash).toBe(500);
    const statement = await call(app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', from: 'SCB', to: 'WALLET', amount: 500 }),
    ]);

    const linked = await call(app, 'GET', `/api/statement/slip/reference/${reference}`, {
      token: m.token,
    });
    expect(linked.status).toBe(200);
    for (const url of [String(linked.body.url), slip.link]) {
      const picture = await app.inject({ method: 'GET', url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.headers['x-content-type-options']).toBe('nosniff');
      expect(picture.rawPayload.equals(image)).toBe(true);
    }
  });

  it('refuses the same slip a second time as a duplicate and credits once', async () => {
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 120));
    expect((await uploadAndSettle(app, m.token, image)).status).toBe('success');
    const again = await uploadAndSettle(app, m.token, image);
    expect(again).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await cash(m)).toBe(12_000);
  });

  it('credits one of two uploads of one slip made at the same moment; the other is a duplicate', async () => {
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 90));
    const both = await Promise.all([
      uploadSlip(app, m.token, image),
      uploadSlip(app, m.token, image),
    ]);
    const settled = await Promise.all(
      both.map((res) => settledSlip(app, m.token, (res.body.slip as { _id: string })._id)),
    );
    expect(settled.map((s) => s.note).sort()).toEqual([null, 'SLIP_REFNO_DUPLICATED'].sort());
    expect(await cash(m)).toBe(9_000);
  });

  it('credits a transfer once when its slip comes before the bank feed', async () => {
    const m = await memberWithToken(app);
    const transfer = ownTransfer(m, 300);
    const { image, reference } = await sandboxSlip(app, transfer);
    expect((await uploadAndSettle(app, m.token, image)).status).toBe('success');
    const feed = await call(app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: 'SCB', accountNo: transfer.fromAccountNo, amount: 300, reference },
    });
    expect(feed.body).toEqual({ success: true, matched: true });
    expect(await cash(m)).toBe(30_000);
  });

  it('credits a transfer once when the bank feed comes before its slip', async () => {
    const m = await memberWithToken(app);
    const transfer = ownTransfer(m, 250);
    const { image, reference } = await sandboxSlip(app, transfer);
    await call(app, 'POST', '/api/sandbox/bank-transfer', {
      body: { bankCode: 'SCB', accountNo: transfer.fromAccountNo, amount: 250, reference },
    });
    const slip = await uploadAndSettle(app, m.token, image);
    expect(slip).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await cash(m)).toBe(25_000);
  });

  it.each([
    ['more than an hour after the transfer', { minutesAgo: 120 }, 'EXPIRED_SLIP'],
    ['paid into an account of no one here', { toAccountNo: newAccountNo() }, 'DEST_ACC_INVALID'],
    ['sent from an account not the member’s', { fromAccountNo: newAccountNo() }, 'NOT_MATCH'],
  ])('fails a slip %s and credits nothing', async (_case, change, note) => {
    const m = await memberWithToken(app);
    const { minutesAgo, ...accounts } = change as { minutesAgo?: number };
    const transfer = { ...ownTransfer(m, 200, minutesAgo), ...accounts };
    const { image, reference } = await sandboxSlip(app, transfer);
    const slip = await uploadAndSettle(app, m.token, image);
    expect(slip).toMatchObject({ status: 'failed', note, reference, amount: 200 });
    expect(await cash(m)).toBe(0);
  });

  it('refuses a slip above the largest deposit of the currency as AMOUNT_ABOVE_MAXIMUM, crediting nothing', async () => {
    // Issue 30: the seed's largest baht deposit is 100,000; a bigger verified amount is a
    // mistake or a kip amount read as baht.
    const m = await memberWithToken(app);
    const { image, reference } = await sandboxSlip(app, ownTransfer(m, 100_000.01));
    const slip = await uploadAndSettle(app, m.token, image);
    expect(slip).toMatchObject({ status: 'failed', note: 'AMOUNT_ABOVE_MAXIMUM', reference });
    expect(await cash(m)).toBe(0);
    const { image: largest } = await sandboxSlip(app, ownTransfer(m, 100_000));
    expect(await uploadAndSettle(app, m.token, largest)).toMatchObject({ status: 'success' });
    expect(await cash(m)).toBe(10_000_000);
  });

  it('fails a picture without a slip QR as INVALID_SLIP and credits nothing', async () => {
    const m = await memberWithToken(app);
    const slip = await uploadAndSettle(app, m.token, blankPng());
    expect(slip).toMatchObject({ status: 'failed', note: 'INVALID_SLIP', reference: '' });
    expect(await cash(m)).toBe(0);
  });

  it('retries a failing verifier, then gives the slip up as UNKNOW_ERROR with nothing credited', async () => {
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 100));
    await setFault(app, 'SLIP', 'fail');
    try {
      const res = await uploadSlip(app, m.token, image);
      const slip = await settledSlip(app, m.token, (res.body.slip as { _id: string })._id, 25_000);
      expect(slip).toMatchObject({ status: 'failed', note: 'UNKNOW_ERROR' });
    } finally {
      await setFault(app, 'SLIP', 'ok');
    }
    expect(await cash(m)).toBe(0);
  });

  describe('refuses a bad upload, keeping no row and no file', () => {
    const png = blankPng();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    it.each([
      ['text named slip.png', Buffer.from('not a picture at all'), 'SLIP_INVALID_FILE'],
      ['a GIF named slip.png', gif, 'SLIP_INVALID_FILE'],
      ['an empty file', Buffer.alloc(0), 'SLIP_INVALID_FILE'],
      [
        'a file above the size limit',
        Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
        'SLIP_INVALID_FILE',
      ],
      ['no file', null, 'SLIP_NO_FILE'],
    ])('%s', async (_case, file, code) => {
      const m = await memberWithToken(app);
      const [rows, files] = [await h.count(slips), await filesUnder(uploads)];
      const res = await uploadSlip(app, m.token, file);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(await h.count(slips)).toBe(rows);
      expect(await filesUnder(uploads)).toEqual(files);
    });

    it('a stated amount that is not money', async () => {
      const m = await memberWithToken(app);
      const rows = await h.count(slips);
      const res = await uploadSlip(app, m.token, png, { fields: { amount: 'ten' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
      expect(await h.count(slips)).toBe(rows);
    });

    it('a body that is not a form at all', async () => {
      const m = await memberWithToken(app);
      const res = await call(app, 'POST', '/api/wallet/slip', {
        token: m.token,
        body: { document: 'slip.png' },
      });
      expect(res.body.code).toBe('SLIP_NO_FILE');
    });

    it('a form cut short, or with two files', async () => {
      const m = await memberWithToken(app);
      const rows = await h.count(slips);
      const cut = await app.inject({
        method: 'POST',
        url: '/api/wallet/slip',
        headers: {
          authorization: `Bearer ${m.token}`,
          'content-type': 'multipart/form-data; boundary=XYZ',
        },
        payload:
          '--XYZ\r\nContent-Disposition: form-data; name="document"; filename="slip.png"\r\n\r\nabc',
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().code).toBe('KEY_INVALID');
      const two = new FormData();
      for (const name of ['a.png', 'b.png']) two.append('document', new Blob([png]), name);
      const twice = await call(app, 'POST', '/api/wallet/slip', { token: m.token, body: two });
      expect(twice.status).toBe(413);
      expect(await h.count(slips)).toBe(rows);
    });

    it('without a signed-in member', async () => {
      expect((await uploadSlip(app, '', png)).status).toBe(401);
    });
  });

  it('takes no slip while the operator has closed the slip service', async () => {
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 60));
    const open = await readSetting(h.db, 'slip');
    await writeSetting(h.db, 'slip', { ...open, isActive: false });
    try {
      const rows = await h.count(slips);
      const res = await uploadSlip(app, m.token, image);
      expect(res.body.code).toBe('SLIP_UPLOAD_FAIL');
      expect(await h.count(slips)).toBe(rows);
    } finally {
      await writeSetting(h.db, 'slip', open);
    }
  });

  it('answers a repeat with the same key with the same slip, and no second row', async () => {
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 80));
    const key = randomUUID();
    const first = await uploadSlip(app, m.token, image, { key });
    const rows = await h.count(slips);
    const again = await uploadSlip(app, m.token, image, { key });
    expect(again.status).toBe(200);
    expect((again.body.slip as { _id: string })._id).toBe((first.body.slip as { _id: string })._id);
    expect(await h.count(slips)).toBe(rows);
    const other = await uploadSlip(app, m.token, blankPng(), { key });
    expect(other.status).toBe(422);
    await settledSlip(app, m.token, (first.body.slip as { _id: string })._id);
    expect(await cash(m)).toBe(8_000);
  });

  it('takes 30 slips uploaded at once, each verified and credited once', async () => {
    const m = await memberWithToken(app);
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sandboxSlip(app, ownTransfer(m, 10 + i))),
    );
    const answers = await Promise.all(made.map(({ image }) => uploadSlip(app, m.token, image)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const settled = await Promise.all(
      answers.map((a) => settledSlip(app, m.token, (a.body.slip as { _id: string })._id, 60_000)),
    );
    expect(settled.every((s) => s.status === 'success')).toBe(true);
    expect(await cash(m)).toBe(made.reduce((sum, _, i) => sum + (10 + i) * 100, 0));
    expect((await listSlips(app, m.token)).slips).toHaveLength(10);
  }, 90_000);

  it('stops a member past SLIP_ATTEMPTS_PER_HOUR with REQUEST_LIMIT, keeping nothing', async () => {
    const limited = await h.build({ SLIP_ATTEMPTS_PER_HOUR: '3' });
    const m = await memberWithToken(limited);
    const bad = Buffer.from('not a picture');
    for (let i = 0; i < 3; i++) {
      expect((await uploadSlip(limited, m.token, bad)).body.code).toBe('SLIP_INVALID_FILE');
    }
    const rows = await h.count(slips);
    const { image } = await sandboxSlip(limited, ownTransfer(m, 50));
    const refused = await uploadSlip(limited, m.token, image);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('REQUEST_LIMIT');
    expect(await h.count(slips)).toBe(rows);
  });

  it('refuses a 25-megapixel picture of a few kilobytes from its header at once, keeping and crediting nothing', async () => {
    const m = await memberWithToken(app);
    const bomb = PNG.sync.write(new PNG({ width: 5000, height: 5000 }), { deflateLevel: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const [rows, files] = [await h.count(slips), await filesUnder(uploads)];
    const started = Date.now();
    const res = await uploadSlip(app, m.token, bomb);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SLIP_INVALID_FILE');
    expect(await h.count(slips)).toBe(rows);
    expect(await filesUnder(uploads)).toEqual(files);
    expect(await cash(m)).toBe(0);
  });

  it('stops an address past SLIP_ATTEMPTS_PER_HOUR_PER_IP with REQUEST_LIMIT, whichever member signs in', async () => {
    const limited = await h.build({
      SLIP_ATTEMPTS_PER_HOUR_PER_IP: '2',
      TRUST_PROXY: '1',
    });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const [first, second] = [await memberWithToken(limited), await memberWithToken(limited)];
    const bad = Buffer.from('not a picture');
    expect((await uploadSlip(limited, first.token, bad, from('198.51.100.7'))).status).toBe(400);
    expect((await uploadSlip(limited, second.token, bad, from('198.51.100.7'))).status).toBe(400);
    const rows = await h.count(slips);
    const { image } = await sandboxSlip(limited, ownTransfer(second, 50));
    const refused = await uploadSlip(limited, second.token, image, from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('REQUEST_LIMIT');
    expect(await h.count(slips)).toBe(rows);
    // Another address is counted on its own.
    const elsewhere = await uploadSlip(limited, second.token, image, from('198.51.100.8'));
    expect(elsewhere.status).toBe(200);
  });

  it("never shows one member another member's slips or pictures", async () => {
    const owner = await memberWithToken(app);
    const other = await memberWithToken(app);
    const { image, reference } = await sandboxSlip(app, ownTransfer(owner, 70));
    const slip = await uploadAndSettle(app, owner.token, image);

    expect((await listSlips(app, other.token)).total).toBe(0);
    const theirs = await call(app, 'GET', `/api/statement/slip/reference/${reference}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('NO_DATA');

    const url = new URL(slip.link, 'http://wallet.test');
    const tampered = [
      `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`,
      `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${url.searchParams.get('signature')}`,
      `${url.pathname.replace(/\d+$/, (id) => String(Number(id) + 1))}${url.search}`,
      `${url.pathname}`,
    ];
    for (const path of tampered) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    // A link signed with the installation's key, but past its time.
    const expired = await new SignedLinks({
      db: h.db,
      setting: 'slipLinkKey',
      purpose: 'slip',
      path: SLIP_IMAGE_PATH,
      ttlSeconds: -60,
    }).url(Number(slip._id));
    expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });
});

describeOnDatabases('a slip across a restart', (target) => {
  let h: Harness;
  // A database of its own for each test: a server left by an earlier test would have queued its
  // next sweep a minute ahead, and a server starting then runs none at once.
  // What this test opened, closed after it (a set-up that failed leaves nothing to close).
  beforeEach(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wallet-slips-'));
    // A failed verification is retried 5 s later: time for its server to stop first.
    const harness = await startHarness(target, {
      UPLOADS_DIR: dir,
      SLIP_VERIFY_RETRY_SECONDS: '5',
    }).catch(async (error) => {
      await rm(dir, { recursive: true, force: true });
      throw error;
    });
    h = harness;
    return async () => {
      await harness.close();
      await rm(dir, { recursive: true, force: true });
    };
  });

  /**
   * A member's slip uploaded to the first server while the sandbox bank refuses, once its job
   * has failed a first time and waits for its retry; then the bank answers again.
   */
  async function slipWaitingForRetry(amount: number) {
    const m = await memberWithToken(h.app);
    const { image } = await sandboxSlip(h.app, ownTransfer(m, amount));
    await setFault(h.app, 'SLIP', 'fail');
    const res = await uploadSlip(h.app, m.token, image);
    expect(res.status).toBe(200);
    const slipId = (res.body.slip as { _id: string })._id;
    await vi.waitFor(
      async () => {
        const [job] = await rows<{ state: string }>(
          h.db,
          sql`select state from jobs.job where name = 'slips.verify'`,
        );
        expect(job?.state).toBe('retry');
      },
      { timeout: 10_000, interval: 100 },
    );
    return { m, slipId };
  }

  it('verifies a slip whose job was waiting when the server stopped once it is back, crediting once', async () => {
    const { m, slipId } = await slipWaitingForRetry(420);
    await h.app.close();
    await new SandboxFaults(h.db).set('SLIP', 'ok');

    // Another server, periodic sweeps off: its worker takes the job when the retry is due.
    const after = await h.build();
    expect(await settledSlip(after, m.token, slipId)).toMatchObject({ status: 'success' });
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash).toBe(42_000);
    await expectLedgerInvariants(h.db);
  });

  it('verifies a slip whose job was lost with the sweep, once it is a minute old', async () => {
    const { m, slipId } = await slipWaitingForRetry(75);
    // As a process killed between the slip's row and its job leaves it, two minutes ago.
    await h.db.execute(sql`delete from jobs.job where name = 'slips.verify'`);
    await h.db.execute(
      sql`update slips set created_at = now() - interval '2 minutes' where id = ${Number(slipId)}`,
    );
    await h.app.close();
    await new SandboxFaults(h.db).set('SLIP', 'ok');

    // The first server with the periodic sweeps on runs the sweep as it starts.
    const after = await h.build({ RECONCILE_INTERVAL_MS: '60000' });
    expect(await settledSlip(after, m.token, slipId)).toMatchObject({ status: 'success' });
    expect((await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash).toBe(7_500);
    await expectLedgerInvariants(h.db);
  });
});
