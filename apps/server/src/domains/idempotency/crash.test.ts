import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/databases';
import { describeWith } from '../../test/services';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const MEMBERS = 6;
const OPERATIONS_EACH = 400;
const KILLS = 3;

type Operation = { member: number; path: string; body: object; key: string };
type Answer = { status: number; body: Record<string, unknown> };

/**
 * Issue 16 (docs/decisions/0036): the real server on PostgreSQL, SIGKILLed a few times while
 * members move money with keyed requests; every request cut by a kill is retried with its key
 * once the server is back. Every request must end with a definite answer, and the money must
 * still be whole: the ledger balances, each member holds what they were given, the game
 * provider's books agree with ours.
 */
describeWith('postgres', 'money requests across server crashes on postgres', (adminUrl) => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ChildProcess | null = null;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;

  async function startServer(): Promise<void> {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
      {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          SANDBOX: '1',
          LOG_LEVEL: 'warn',
          GAME_PROVIDER_TIMEOUT_MS: '1000',
          RECONCILE_INTERVAL_MS: '500',
          RECONCILE_GRACE_MS: '2000',
          RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    server = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  function kill(): void {
    server?.kill('SIGKILL');
    server = null;
  }

  async function send(token: string, op: Operation): Promise<Answer | null> {
    try {
      const res = await fetch(`${base}/api/wallet/${op.path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': op.key,
        },
        body: JSON.stringify(op.body),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    } catch {
      return null; // cut by a kill: no answer
    }
  }

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl);
    await startServer();
  }, 90_000);

  afterAll(async () => {
    kill();
    await database?.drop();
  });

  it('gives every request a definite answer and keeps every satang where it belongs', async () => {
    // Members and sessions straight into the database (argon2 is not what this test is about).
    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const [row] = await query<{ id: number }>(
        `insert into members (username, name, password_hash, bank_code, bank_account_name, bank_account_no)
         values ($1, 'Crash Member', 'x', 'SCB', 'CRASH MEMBER', $2) returning id`,
        [`09${String(i).padStart(8, '0')}`, `7${String(i).padStart(9, '0')}`],
      );
      const token = randomBytes(32).toString('base64url');
      await query(
        `insert into sessions (token_hash, member_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), row?.id],
      );
      tokens.push(token);
      const add = await send(token, {
        member: i,
        path: 'add',
        body: { amount: 1000 },
        key: randomUUID(),
      });
      expect(add?.status).toBe(200);
      const activated = await fetch(`${base}/api/wallet/activate/JOKER`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(activated.status).toBe(200);
    }

    // Each member's requests in order: money to the game and back, now and then a withdrawal.
    const plan: Operation[][] = tokens.map((_, member) =>
      Array.from({ length: OPERATIONS_EACH }, (_, n): Operation => {
        const key = randomUUID();
        if (n % 10 === 9) return { member, path: 'withdraw', body: { amount: 100 }, key };
        const body =
          n % 2 === 0
            ? { from: 'WALLET', to: 'JOKER', amount: 3 }
            : { from: 'JOKER', to: 'WALLET', amount: 1 };
        return { member, path: 'transfer', body, key };
      }),
    );
    const answers = new Map<string, Answer>();
    const cut: Operation[] = [];
    // The members keep going until the last kill is behind them.
    let stop = false;
    const load = Promise.all(
      plan.map(async (ops) => {
        for (const op of ops) {
          if (stop) break;
          const answer = await send(tokens[op.member] ?? '', op);
          if (answer && answer.status !== 409) answers.set(op.key, answer);
          else cut.push(op);
          // While the server is down, the members wait a little before their next request.
          if (!answer) await new Promise((r) => setTimeout(r, 200));
        }
      }),
    );
    for (let k = 0; k < KILLS; k++) {
      await new Promise((r) => setTimeout(r, 400 + Math.random() * 400));
      kill();
      await startServer();
    }
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await load;
    expect(cut.length).toBeGreaterThan(0); // the kills did cut requests
    // How many of them the server had claimed (and perhaps moved money for) before it died:
    // those are the ones a retry answers from the money (decision 0036).
    const claimed = await query<{ n: number }>(
      'select count(*)::int as n from idempotency_keys where key = any($1)',
      [cut.map((op) => op.key)],
    );
    console.log(
      `crash test: ${cut.length} requests cut by ${KILLS} kills, ${claimed[0]?.n} of them claimed`,
    );

    // Every cut request again, with its key, until it has a definite answer.
    const deadline = Date.now() + 60_000;
    let waiting = cut;
    while (waiting.length > 0 && Date.now() < deadline) {
      const still: Operation[] = [];
      for (const op of waiting) {
        const answer = await send(tokens[op.member] ?? '', op);
        if (answer && answer.status !== 409) answers.set(op.key, answer);
        else still.push(op);
      }
      waiting = still;
      if (waiting.length > 0) await new Promise((r) => setTimeout(r, 500));
    }
    expect(waiting).toEqual([]);
    for (const answer of answers.values()) {
      // A definite answer: a result, or a refusal with its code (never a bare fault).
      expect(answer.status === 200 || typeof answer.body.code === 'string').toBe(true);
      expect(answer.body.code).not.toBe('INTERNAL_SERVER_ERROR');
    }

    // The reconciler settles what the kills left pending.
    const settleBy = Date.now() + 30_000;
    while (Date.now() < settleBy) {
      const [pending] = await query<{ n: number }>(
        `select count(*)::int as n from ledger_transactions where type = 'transfer' and status = 'processing'`,
      );
      if (pending?.n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    const [sum] = await query<{ total: string }>(
      'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
    );
    expect(sum?.total).toBe('0');
    const unbalanced = await query(
      'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0',
    );
    expect(unbalanced).toEqual([]);
    // Each member still holds the 1,000 baht they were given, wherever it is.
    const held = await query<{ member_id: number; total: string }>(
      `select member_id, sum(balance)::text as total from ledger_accounts
       where member_id is not null group by member_id`,
    );
    expect(held.map((h) => h.total)).toEqual(Array(MEMBERS).fill('100000'));
    const disagree = await query(
      `select g.member_id from ledger_accounts g
       join game_accounts ga on ga.member_id = g.member_id and ga.provider_code = g.provider_code
       join sandbox_game_accounts s on s.provider_code = ga.provider_code and s.username = ga.username
       where g.kind = 'game' and g.balance <> s.balance`,
    );
    expect(disagree).toEqual([]);
  }, 180_000);
});
