import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectSocket, eventually } from '../test/chat';
import { describeOnDatabases } from '../test/databases';
import { call } from '../test/harness';
import { memberWithToken } from '../test/members';
import { parseExposition, sample } from '../test/metrics';
import { activate, move, setFault, topUp } from '../test/money';
import { useHarness } from '../test/use-harness';

const TOKEN = randomBytes(32).toString('hex');

describeOnDatabases('GET /metrics', (target) => {
  const h = useHarness(target);
  /** An app whose metrics Prometheus may read with TOKEN. */
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await h.build({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await setFault(h.app, 'PG', 'ok');
  });

  const scrape = async (on: FastifyInstance = app) => {
    const res = await call(on, 'GET', '/metrics', { token: TOKEN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(String(res.body.raw));
  };

  it('answers 404 NO_DATA while neither a token nor an allow-list is set', async () => {
    const res = await call(h.app, 'GET', '/metrics', { token: TOKEN });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NO_DATA' });
  });

  it('refuses a scraper without the token or with another one, 401 UNAUTHORIZED', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await call(app, 'GET', '/metrics', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body.raw).toBeUndefined();
    }
  });

  it('refuses an address outside METRICS_ALLOW_LIST, whatever X-Forwarded-For claims', async () => {
    const listed = await h.build({
      METRICS_ALLOW_LIST: '10.1.0.0/16,2001:db8::/32',
      TRUST_PROXY: '1',
    });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      call(listed, 'GET', '/metrics', { remoteAddress, headers });
    expect((await from('10.1.2.3')).status).toBe(200);
    expect((await from('::ffff:10.1.2.3')).status).toBe(200);
    expect((await from('2001:db8::7')).status).toBe(200);
    const foreign = await from('192.0.2.10', { 'x-forwarded-for': '10.1.2.3' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'INVALID_IP' });
    expect((await from('10.2.0.1')).status).toBe(403);
  });

  it('wants both the address and the token when both are set', async () => {
    const both = await h.build({ METRICS_TOKEN: TOKEN, METRICS_ALLOW_LIST: '10.1.0.0/16' });
    const from = (remoteAddress: string, token?: string) =>
      call(both, 'GET', '/metrics', { remoteAddress, ...(token ? { token } : {}) });
    expect((await from('10.1.0.5', TOKEN)).status).toBe(200);
    expect((await from('10.1.0.5')).status).toBe(401);
    expect((await from('192.0.2.10', TOKEN)).status).toBe(403);
  });

  it('spares allowed scrapers the rate limit, while refused tries count against it', async () => {
    const limited = await h.build({ METRICS_TOKEN: TOKEN, RATE_LIMIT_GLOBAL_PER_MIN: '3' });
    for (let i = 0; i < 6; i++) await scrape(limited);
    const refused = [];
    for (let i = 0; i < 4; i++) refused.push((await call(limited, 'GET', '/metrics')).status);
    expect(refused).toEqual([401, 401, 401, 429]);
  });

  it('answers while the service is terminated and whatever IP_ALLOW_LIST says', async () => {
    const guarded = await h.build({ METRICS_TOKEN: TOKEN, IP_ALLOW_LIST: '10.9.9.9' });
    expect((await call(guarded, 'GET', '/api/lookup/active')).status).toBe(403);
    await guarded.serviceState.setTerminated(true);
    try {
      await scrape(guarded);
    } finally {
      await guarded.serviceState.setTerminated(false);
    }
  });

  it('counts a deposit, a transfer and the provider calls that failed or timed out', async () => {
    const m = await memberWithToken(app);
    await topUp(app, m.token, 500);
    await activate(app, m.token, 'PG');
    const sent = await move(app, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 120 });
    expect(sent.body).toMatchObject({ status: 'success' });
    await setFault(app, 'PG', 'fail');
    expect(
      (await move(app, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 10 })).body,
    ).toMatchObject({ code: 'TRANSFER_FAIL' });
    await setFault(app, 'PG', 'timeout');
    const held = await move(app, m.token, 'transfer', { from: 'WALLET', to: 'PG', amount: 30 });
    expect(held.body).toMatchObject({ status: 'processing' });
    await setFault(app, 'PG', 'ok');

    const s = await scrape();
    const deposit = { kind: 'deposit', currency: 'BAHT' };
    const transfer = { kind: 'transfer', currency: 'BAHT' };
    expect(sample(s, 'wallet_ledger_transactions_total', deposit)).toBe(1);
    expect(sample(s, 'wallet_ledger_amount_minor_units_total', deposit)).toBe(50_000);
    // Three opened (one settled forward, one back, one still held): 160 baht.
    expect(sample(s, 'wallet_ledger_transactions_total', transfer)).toBe(3);
    expect(sample(s, 'wallet_ledger_amount_minor_units_total', transfer)).toBe(16_000);
    expect(sample(s, 'wallet_ledger_settlements_total', { status: 'success' })).toBe(1);
    expect(sample(s, 'wallet_ledger_settlements_total', { status: 'failed' })).toBe(1);

    const pg = (outcome: string) =>
      sample(s, 'wallet_provider_calls_total', { kind: 'game', provider: 'PG', outcome }) ??
      Number.NaN;
    expect(pg('fail')).toBe(1);
    expect(pg('timeout')).toBe(1);
    // Activation, the first transfer, and the syncs that read balances: at least two.
    expect(pg('ok')).toBeGreaterThanOrEqual(2);
    const latency = sample(s, 'wallet_provider_call_duration_seconds_count', {
      kind: 'game',
      provider: 'PG',
    });
    expect(latency).toBe(pg('ok') + pg('fail') + pg('timeout'));
    // The silent call waited out GAME_PROVIDER_TIMEOUT_MS (1 s in tests).
    expect(
      sample(s, 'wallet_provider_call_duration_seconds_sum', { kind: 'game', provider: 'PG' }),
    ).toBeGreaterThanOrEqual(1);

    expect(sample(s, 'wallet_transfers_held', { currency: 'BAHT' })).toBe(1);
    expect(sample(s, 'wallet_transfers_held_amount_minor_units', { currency: 'BAHT' })).toBe(3000);
    expect(sample(s, 'wallet_transfers_held_oldest_seconds', { currency: 'BAHT' })).toBeGreaterThan(
      0,
    );
    expect(sample(s, 'wallet_transfers_held', { currency: 'LAK' })).toBe(0);
    // The held transfer is settled back by the reconciler: the gauge falls to 0.
    await app.transfers.reconcile(0);
    expect(sample(await scrape(), 'wallet_transfers_held', { currency: 'BAHT' })).toBe(0);
  });

  it('shows withdrawals waiting for staff and for the payout, and SMS against the budget', async () => {
    const budgeted = await h.build({ METRICS_TOKEN: TOKEN, OTP_SMS_PER_HOUR: '40' });
    const m = await memberWithToken(budgeted);
    await topUp(budgeted, m.token, 9000);
    expect((await move(budgeted, m.token, 'withdraw', { amount: 6000 })).status).toBe(200);
    expect((await move(budgeted, m.token, 'withdraw', { amount: 200 })).status).toBe(200);

    const s = await scrape(budgeted);
    const staff = { currency: 'BAHT', stage: 'staff' };
    const payout = { currency: 'BAHT', stage: 'payout' };
    expect(sample(s, 'wallet_withdrawals_waiting', staff)).toBe(1);
    expect(sample(s, 'wallet_withdrawals_waiting_amount_minor_units', staff)).toBe(600_000);
    expect(sample(s, 'wallet_withdrawals_waiting', payout)).toBe(1);
    expect(sample(s, 'wallet_withdrawals_waiting_amount_minor_units', payout)).toBe(20_000);
    expect(sample(s, 'wallet_withdrawals_waiting', { currency: 'LAK', stage: 'staff' })).toBe(0);
    expect(
      sample(s, 'wallet_provider_calls_total', {
        kind: 'payout',
        provider: 'payout',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(
      sample(s, 'wallet_ledger_transactions_total', { kind: 'withdraw', currency: 'BAHT' }),
    ).toBe(2);

    // The member's registration sent one OTP through this app.
    expect(sample(s, 'wallet_sms_sent_total', { kind: 'otp' })).toBe(1);
    expect(sample(s, 'wallet_sms_budget_used', {})).toBe(1);
    expect(sample(s, 'wallet_sms_budget_per_hour', {})).toBe(40);
    expect(
      sample(s, 'wallet_provider_calls_total', { kind: 'sms', provider: 'sms', outcome: 'ok' }),
    ).toBe(1);
    // The process's own metrics come with the prefix.
    expect(sample(s, 'wallet_process_cpu_user_seconds_total', {})).toBeGreaterThan(0);
  });

  it('labels requests by route pattern, never by the URL', async () => {
    const m = await memberWithToken(app);
    await activate(app, m.token, 'JOKER');
    await call(app, 'GET', `/api/qrcode/${randomUUID()}`, { token: m.token });
    await call(app, 'GET', `/api/no-such-thing/${randomUUID()}`);
    const s = await scrape();
    const count = (labels: Record<string, string>) =>
      sample(s, 'wallet_http_request_duration_seconds_count', labels);
    expect(
      count({ method: 'GET', route: '/api/wallet/activate/:game', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(
      1,
    );
    const routes = new Set(
      s
        .filter((x) => x.name === 'wallet_http_request_duration_seconds_count')
        .map((x) => x.labels.route),
    );
    for (const route of routes) {
      expect(route).not.toMatch(/JOKER|[0-9a-f]{8}-[0-9a-f]{4}-|no-such-thing/);
    }
  });

  it("counts this process's chat sockets by who opened them", async () => {
    const listening = await h.build({ METRICS_TOKEN: TOKEN });
    const base = await listening.listen({ port: 0, host: '127.0.0.1' });
    const guest = await connectSocket(base, { guestId: randomUUID() });
    expect(guest.error).toBeNull();
    try {
      const s = await scrape(listening);
      expect(sample(s, 'wallet_socket_connections', { kind: 'guest' })).toBe(1);
      expect(sample(s, 'wallet_socket_connections', { kind: 'member' })).toBe(0);
    } finally {
      guest.socket.disconnect();
    }
    await eventually(() => listening.chatGateway.io.of('/').sockets.size === 0);
    expect(sample(await scrape(listening), 'wallet_socket_connections', { kind: 'guest' })).toBe(0);
  });
});
