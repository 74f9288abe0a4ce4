/**
 * Reconciler backlog benchmark (issue 16, docs/performance.md): how fast held money comes back
 * after a game provider's outage. On a fresh PostgreSQL database, the server's app in this
 * process (its own code, the sandbox provider) takes BENCH_PENDING (2,000) transfers to JOKER
 * from BENCH_MEMBERS (100) members while JOKER loses every answer (the sandbox's `lost` fault:
 * the provider moves the money, we never hear), so each stays `processing` with its funds held.
 * Then JOKER answers again and one reconciler run is timed: transfers settled per second
 * (target ≥ 100), against the reconciler before issue 16, which looked up 200 per run every
 * 15 s (at most 13 a second). The ledger and the provider's books are checked after.
 *
 *   npm run bench:reconcile -w @wallet/bench
 *
 * Environment: BENCH_PG (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_PENDING (2000), BENCH_MEMBERS (100).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pMap from 'p-map';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { withPgClient } from './pg-client';

const adminUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PENDING = Number(process.env.BENCH_PENDING ?? 2000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const GAME = 'JOKER';
const TARGET_PER_SECOND = 100;
/** The reconciler before issue 16: one lookup of 200 per run, a run every 15 s. */
const BEFORE_PER_SECOND = 200 / 15;

const admin = <T>(work: (client: pg.Client) => Promise<T>, url = adminUrl) =>
  withPgClient(url, work);

const name = `bench_reconcile_${randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
await admin((c) => c.query(`create database ${name}`));
const app = await buildApp(
  loadConfig({
    DATABASE_URL: url.toString(),
    DATABASE_POOL_MAX: '20',
    SANDBOX: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    RECONCILE_INTERVAL_MS: '0',
    RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
  }),
);

async function call(method: 'GET' | 'POST', path: string, token?: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'idempotency-key': randomUUID(),
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

try {
  // Members and their sessions straight into the database, as bench/transfer.ts does.
  const tokens = await admin(async (client) => {
    const made: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const { rows } = await client.query<{ id: number }>(
        `insert into members (id, username, name, password_hash, bank_code, bank_account_name, bank_account_no)
         values ($3, $1, 'Bench Member', 'x', 'SCB', 'BENCH MEMBER', $2) returning id`,
        [`09${String(i).padStart(8, '0')}`, `7${String(i).padStart(9, '0')}`, i + 1],
      );
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `insert into sessions (token_hash, member_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), rows[0]?.id],
      );
      made.push(token);
    }
    return made;
  }, url.toString());
  await pMap(
    tokens,
    async (token) => {
      await call('POST', '/api/wallet/add', token, { amount: 1000 });
      await call('GET', `/api/wallet/activate/${GAME}`, token);
    },
    { concurrency: 16 },
  );

  await call('POST', '/api/sandbox/faults', undefined, { target: GAME, mode: 'lost' });
  const started = performance.now();
  await pMap(
    Array.from({ length: PENDING }, (_, i) => tokens[i % tokens.length] ?? ''),
    async (token) => {
      const answer = await call('POST', '/api/wallet/transfer', token, {
        from: 'WALLET',
        to: GAME,
        amount: 1,
      });
      if (answer.status !== 'processing') throw new Error(`not held: ${JSON.stringify(answer)}`);
    },
    { concurrency: 32 },
  );
  const heldIn = (performance.now() - started) / 1000;
  await call('POST', '/api/sandbox/faults', undefined, { target: GAME, mode: 'ok' });

  const runStarted = performance.now();
  const result = await app.money.transfers.reconcile(0);
  const seconds = (performance.now() - runStarted) / 1000;
  const perSecond = result.settled / seconds;

  const problems = await admin(async (client) => {
    const found: string[] = [];
    const q = async (text: string) => (await client.query<{ n: number }>(text)).rows[0]?.n ?? 0;
    const left = await q(
      `select count(*)::int as n from ledger_transactions where status = 'processing'`,
    );
    if (left > 0) found.push(`${left} transfers still processing`);
    if ((await q(`select coalesce(sum(balance), 0)::int as n from ledger_accounts`)) !== 0)
      found.push('the ledger does not sum to zero');
    const held = await q(
      `select coalesce(sum(balance), 0)::int as n from ledger_accounts where kind = 'transfer_hold'`,
    );
    if (held !== 0) found.push(`${held} satang still held`);
    const mismatch = await q(`select count(*)::int as n from ledger_accounts g
      join game_accounts ga on ga.member_id = g.member_id and ga.provider_code = g.provider_code
      join sandbox_game_accounts s on s.provider_code = ga.provider_code and s.username = ga.username
      where g.kind = 'game' and g.balance <> s.balance`);
    if (mismatch > 0) found.push(`${mismatch} game balances differ from the provider's`);
    return found;
  }, url.toString());

  console.log(
    `${PENDING} transfers held by a provider that lost every answer (${heldIn.toFixed(1)} s)`,
  );
  console.log(
    `one reconciler run: settled ${result.settled}, left ${result.pending}, in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `  ${perSecond.toFixed(0)} transfers/s (target >= ${TARGET_PER_SECOND}); before issue 16 at most ${BEFORE_PER_SECOND.toFixed(0)}/s: ${(perSecond / BEFORE_PER_SECOND).toFixed(0)} x`,
  );
  console.log(`invariants  ${problems.length === 0 ? 'hold' : problems.join('; ')}`);
  if (problems.length > 0 || result.settled !== PENDING) process.exitCode = 1;
} finally {
  await app.close();
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}
