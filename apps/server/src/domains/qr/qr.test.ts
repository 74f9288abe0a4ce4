import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSetting } from '../../core/settings/settings.repository';
import { qrCallbacks, qrCodes } from '../../db/schema';
import {
  SandboxQrProvider,
  SIGNATURE_HEADER,
  signCallback,
} from '../../providers/payments/qr-payment-provider';
import { SandboxFaults } from '../../providers/sandbox-faults';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf, setFault } from '../../test/money';
import { markQrPaid } from './qr.repository';

type Member = Awaited<ReturnType<typeof memberWithToken>>;
type Signed = ReturnType<SandboxQrProvider['paidCallback']>;
type LiveQr = {
  hasQrcode: true;
  qrcodeId: string;
  qrcode: string;
  amount: number;
  expireIn: number;
};

function createQr(
  app: FastifyInstance,
  m: Member,
  provider: string,
  amount: unknown,
  key: string = randomUUID(),
) {
  return call(app, 'POST', `/api/qrcode/${provider}`, {
    token: m.token,
    body: { amount },
    headers: { 'idempotency-key': key },
  });
}

async function liveQr(app: FastifyInstance, m: Member, provider: string, amount: number) {
  const res = await createQr(app, m, provider, amount);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.hasQrcode).toBe(true);
  return res.body as LiveQr;
}

function pay(app: FastifyInstance, qrcodeId: string) {
  return call(app, 'POST', `/api/sandbox/qrcode/${qrcodeId}/pay`);
}

/** A provider's callback as raw bytes with the given signature. */
function sendCallback(app: FastifyInstance, provider: string, raw: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: `/api/callbacks/qr/${provider}`,
    payload: raw,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
  });
}

describeOnDatabases('QR deposits', (target) => {
  let h: Harness;
  /** The sandbox provider of that code, signing with the secret the operator gave it. */
  let provider: (code: 'KBANK' | 'WW' | 'PAYTIMZ' | 'PAYONEX') => {
    paidCallback: (reference: string, amount: number, paymentId: string) => Signed;
  };

  beforeAll(async () => {
    h = await startHarness(target);
    const secrets = await readSetting(h.db, 'qrCallbackSecrets');
    const faults = new SandboxFaults(h.db);
    provider = (code) => ({
      paidCallback: (reference, amount, paymentId) =>
        new SandboxQrProvider(code, faults).paidCallback(
          reference,
          amount,
          paymentId,
          secrets[code].current,
        ),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const cash = async (m: Member) =>
    (await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash ?? 0;
  const outcomes = async (qrcodeId: string) =>
    (await h.db.select().from(qrCallbacks).where(eq(qrCallbacks.qrcodeId, qrcodeId))).map(
      (c) => c.outcome,
    );

  it('creates one live KBANK QR: a PromptPay payload for the exact amount, kept until paid', async () => {
    const m = await memberWithToken(h.app);
    const none = await call(h.app, 'GET', '/api/qrcode/KBANK', { token: m.token });
    expect(none.body).toEqual({ hasQrcode: false });

    const qr = await liveQr(h.app, m, 'KBANK', 100.5);
    expect(qr.amount).toBe(100.5);
    expect(qr.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(qr.expireIn).toBeGreaterThan(590);
    expect(qr.expireIn).toBeLessThanOrEqual(600);
    const [row] = await h.db.select().from(qrCodes).where(eq(qrCodes.id, qr.qrcodeId));
    const payload = parse(row?.payload ?? '', true);
    expect(payload?.getTagValue('54')).toBe('100.50');
    expect(payload?.getTagValue('53')).toBe('764');
    expect(payload?.getTagValue('58')).toBe('TH');

    const again = await call(h.app, 'GET', '/api/qrcode/kbank', { token: m.token });
    expect(again.body).toMatchObject({ hasQrcode: true, qrcodeId: qr.qrcodeId, amount: 100.5 });
    // One live QR per member per provider: asking again answers the one there is.
    const second = await liveQr(h.app, m, 'KBANK', 20);
    expect(second.qrcodeId).toBe(qr.qrcodeId);
    // Another provider has its own.
    const ww = await liveQr(h.app, m, 'WW', 100);
    expect(ww.qrcodeId).not.toBe(qr.qrcodeId);
    // Nobody else sees it.
    const other = await memberWithToken(h.app);
    const theirs = await call(h.app, 'GET', '/api/qrcode/KBANK', { token: other.token });
    expect(theirs.body).toEqual({ hasQrcode: false });
  });

  it("refuses amounts under the provider's minimum and unknown providers, storing nothing", async () => {
    const m = await memberWithToken(h.app);
    for (const [code, amount] of [
      ['WW', 99],
      ['PAYONEX', 50],
      ['PAYTIMZ', 9],
      ['KBANK', 0.5],
    ] as const) {
      const res = await createQr(h.app, m, code, amount);
      expect(res.status, `${code} ${amount}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'QR_FAIL', field: 'amount' });
    }
    for (const bad of [0, -10, 'ten']) {
      const res = await createQr(h.app, m, 'KBANK', bad);
      expect(res.status).toBe(400);
    }
    const unknown = await createQr(h.app, m, 'SCB', 100);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('KEY_INVALID');
    const id = await memberIdOf(h.db, m.username);
    expect(await h.db.select().from(qrCodes).where(eq(qrCodes.memberId, id))).toEqual([]);
    expect((await liveQr(h.app, m, 'PAYTIMZ', 10)).amount).toBe(10);
  });

  it('takes the PAYTIMZ minimum from PAYTIMZ_MINIMUM', async () => {
    const app = await h.build({ PAYTIMZ_MINIMUM: '30' });
    const m = await memberWithToken(app);
    expect((await createQr(app, m, 'PAYTIMZ', 20)).status).toBe(400);
    expect((await liveQr(app, m, 'PAYTIMZ', 30)).amount).toBe(30);
  });

  it('credits a paid QR once, however often the provider reports it', async () => {
    const m = await memberWithToken(h.app);
    const qr = await liveQr(h.app, m, 'KBANK', 250);
    expect((await pay(h.app, qr.qrcodeId)).body).toEqual({ success: true });
    expect(await cash(m)).toBe(25_000);
    const wallet = await call(h.app, 'GET', '/api/wallet', { token: m.token });
    expect((wallet.body.wallet as { cash: number }).cash).toBe(250);
    const statement = await call(h.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', from: 'KBANK', amount: 250 }),
    ]);
    // Paid: no longer live, and a new one can be made.
    const after = await call(h.app, 'GET', '/api/qrcode/KBANK', { token: m.token });
    expect(after.body).toEqual({ hasQrcode: false });

    // The same signed callback delivered again, and several times at once.
    const callback = provider('KBANK').paidCallback(qr.qrcodeId, 25_000, 'PAY-1');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        sendCallback(h.app, 'kbank', callback.raw, callback.signature),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await cash(m)).toBe(25_000);
    const seen = await outcomes(qr.qrcodeId);
    expect(seen.filter((o) => o === 'credited')).toHaveLength(1);
    expect(seen.filter((o) => o === 'replayed')).toHaveLength(8);
    await expectLedgerInvariants(h.db);
  });

  it('credits once when two deliveries of the first report race', async () => {
    const m = await memberWithToken(h.app);
    const qr = await liveQr(h.app, m, 'WW', 300);
    const callback = provider('WW').paidCallback(qr.qrcodeId, 30_000, 'PAY-RACE');
    await Promise.all(
      Array.from({ length: 10 }, () => sendCallback(h.app, 'ww', callback.raw, callback.signature)),
    );
    expect(await cash(m)).toBe(30_000);
    expect((await outcomes(qr.qrcodeId)).filter((o) => o === 'credited')).toHaveLength(1);
  });

  it('refuses forged, unsigned, oversized and unknown-provider callbacks alike, crediting nothing', async () => {
    const m = await memberWithToken(h.app);
    const qr = await liveQr(h.app, m, 'KBANK', 100);
    const genuine = provider('KBANK').paidCallback(qr.qrcodeId, 10_000, 'PAY-F');
    const tampered = genuine.raw.replace('"100.00"', '"1000.00"');
    const attempts = [
      sendCallback(h.app, 'kbank', genuine.raw, signCallback('not-the-secret', genuine.raw)),
      sendCallback(h.app, 'kbank', tampered, genuine.signature),
      sendCallback(h.app, 'kbank', genuine.raw, ''),
      // WW's signature does not open KBANK's door, nor an unknown provider's.
      sendCallback(h.app, 'kbank', genuine.raw, provider('WW').paidCallback('x', 1, 'y').signature),
      sendCallback(h.app, 'nobank', genuine.raw, genuine.signature),
    ];
    const replies = await Promise.all(attempts);
    for (const reply of replies) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    const huge = await sendCallback(h.app, 'kbank', 'x'.repeat(10_000), genuine.signature);
    expect(huge.statusCode).toBe(413);
    expect(await cash(m)).toBe(0);
    expect(await outcomes(qr.qrcodeId)).toEqual([]);
    // The QR can still be paid for real.
    await pay(h.app, qr.qrcodeId);
    expect(await cash(m)).toBe(10_000);
  });

  it('credits nothing for a report of another amount, or of a QR that does not exist', async () => {
    const m = await memberWithToken(h.app);
    const qr = await liveQr(h.app, m, 'PAYONEX', 500);
    const short = provider('PAYONEX').paidCallback(qr.qrcodeId, 40_000, 'PAY-S');
    expect((await sendCallback(h.app, 'payonex', short.raw, short.signature)).statusCode).toBe(200);
    const ghost = provider('PAYONEX').paidCallback(randomUUID(), 40_000, 'PAY-G');
    expect((await sendCallback(h.app, 'payonex', ghost.raw, ghost.signature)).statusCode).toBe(200);
    expect(await cash(m)).toBe(0);
    expect(await outcomes(qr.qrcodeId)).toEqual(['amount_mismatch']);
    const live = await call(h.app, 'GET', '/api/qrcode/PAYONEX', { token: m.token });
    expect(live.body).toMatchObject({ hasQrcode: true, qrcodeId: qr.qrcodeId });
  });

  it("cancels the member's own QR only; a payment after the cancel credits nothing", async () => {
    const m = await memberWithToken(h.app);
    const other = await memberWithToken(h.app);
    const qr = await liveQr(h.app, m, 'KBANK', 80);
    const theirs = await call(h.app, 'DELETE', `/api/qrcode/${qr.qrcodeId}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('NO_DATA');

    const mine = await call(h.app, 'DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token });
    expect(mine.body).toEqual({ success: true });
    expect(
      (await call(h.app, 'DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token })).status,
    ).toBe(404);
    await pay(h.app, qr.qrcodeId);
    expect(await cash(m)).toBe(0);
    expect(await outcomes(qr.qrcodeId)).toEqual(['late']);
    await expectLedgerInvariants(h.db);
  });

  it('has one winner when a payment races a cancel', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await memberWithToken(h.app);
      const qr = await liveQr(h.app, m, 'KBANK', 60);
      const [cancelled] = await Promise.all([
        call(h.app, 'DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token }),
        pay(h.app, qr.qrcodeId),
      ]);
      const [row] = await h.db.select().from(qrCodes).where(eq(qrCodes.id, qr.qrcodeId));
      if (cancelled.status === 200) {
        expect(row?.state).toBe('cancelled');
        expect(await cash(m)).toBe(0);
      } else {
        expect(row?.state).toBe('paid');
        expect(await cash(m)).toBe(6_000);
      }
    }
    await expectLedgerInvariants(h.db);
  });

  it('lets a QR run out: not shown, not payable, swept to expired', async () => {
    const m = await memberWithToken(h.app);
    const qr = await liveQr(h.app, m, 'WW', 100);
    await h.db
      .update(qrCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(qrCodes.id, qr.qrcodeId));
    const shown = await call(h.app, 'GET', '/api/qrcode/WW', { token: m.token });
    expect(shown.body).toEqual({ hasQrcode: false });
    await pay(h.app, qr.qrcodeId);
    expect(await cash(m)).toBe(0);
    expect(await outcomes(qr.qrcodeId)).toEqual(['late']);
    expect((await h.app.money.qr.sweep()).expired).toBeGreaterThanOrEqual(1);
    const [row] = await h.db.select().from(qrCodes).where(eq(qrCodes.id, qr.qrcodeId));
    expect(row?.state).toBe('expired');
    // A fresh one can be made.
    expect((await liveQr(h.app, m, 'WW', 100)).qrcodeId).not.toBe(qr.qrcodeId);
  });

  it("answers the provider's refusal with its message, and a silent provider with QR_FAIL", async () => {
    const m = await memberWithToken(h.app);
    try {
      await setFault(h.app, 'PAYTIMZ', 'fail');
      const refused = await createQr(h.app, m, 'PAYTIMZ', 100);
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({
        hasQrcode: false,
        message: expect.any(String),
        code: 'QR_FAIL',
      });
      await setFault(h.app, 'PAYTIMZ', 'timeout');
      const silent = await createQr(h.app, m, 'PAYTIMZ', 100);
      expect(silent.status).toBe(502);
      expect(silent.body.code).toBe('QR_FAIL');
    } finally {
      await setFault(h.app, 'PAYTIMZ', 'ok');
    }
    const id = await memberIdOf(h.db, m.username);
    expect(await h.db.select().from(qrCodes).where(eq(qrCodes.memberId, id))).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with its first answer', async () => {
    const m = await memberWithToken(h.app);
    const key = randomUUID();
    const first = await createQr(h.app, m, 'KBANK', 40, key);
    const again = await createQr(h.app, m, 'KBANK', 40, key);
    expect(again.body.qrcodeId).toBe(first.body.qrcodeId);
    const other = await createQr(h.app, m, 'KBANK', 41, key);
    expect(other.status).toBe(422);
  });

  it('limits QR creations per member per hour', async () => {
    const app = await h.build({ QR_ATTEMPTS_PER_HOUR: '2' });
    const m = await memberWithToken(app);
    const q = await liveQr(app, m, 'KBANK', 10);
    await call(app, 'DELETE', `/api/qrcode/${q.qrcodeId}`, { token: m.token });
    await liveQr(app, m, 'KBANK', 10);
    const limited = await createQr(app, m, 'WW', 100);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('REQUEST_LIMIT');
  });

  it('credits a QR paid while its process died, once, after a restart', async () => {
    const first = await h.build();
    const m = await memberWithToken(first);
    const paidBeforeCrash = await liveQr(first, m, 'KBANK', 70);
    const waiting = await liveQr(first, m, 'WW', 100);
    // The provider's report moved the QR to paid, and the process died before its credit.
    expect(await markQrPaid(h.db, paidBeforeCrash.qrcodeId)).not.toBeNull();
    await first.close();

    const second = await h.build();
    expect((await second.money.qr.sweep()).credited).toBe(1);
    expect((await second.money.qr.sweep()).credited).toBe(0);
    expect(await cash(m)).toBe(7_000);
    // The QR that was waiting is paid after the restart, once.
    await pay(second, waiting.qrcodeId);
    await pay(second, waiting.qrcodeId);
    expect(await cash(m)).toBe(17_000);
    await expectLedgerInvariants(h.db);
  });
});

describe('QR expiry as a job', () => {
  it('expires a QR that was waiting when the server stopped, after it starts again', async () => {
    const h = await startHarness({
      name: 'pglite',
      create: async () => {
        const { openDatabase } = await import('../../db/client');
        const database = await openDatabase({ kind: 'pglite', dataDir: null });
        return { database, url: null, drop: () => database.close() };
      },
    });
    try {
      const m = await memberWithToken(h.app);
      const qr = await liveQr(h.app, m, 'KBANK', 30);
      await h.app.close();
      await h.db
        .update(qrCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(qrCodes.id, qr.qrcodeId));
      // A server with its jobs running.
      await h.build({ RECONCILE_INTERVAL_MS: '500', RECONCILE_GRACE_MS: '2000' });
      await vi.waitFor(
        async () => {
          const [row] = await h.db.select().from(qrCodes).where(eq(qrCodes.id, qr.qrcodeId));
          expect(row?.state).toBe('expired');
        },
        { timeout: 20_000, interval: 250 },
      );
    } finally {
      await h.close();
    }
  }, 30_000);
});
