import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { type ServerProcess, serverProcess } from './server-process';

/**
 * Money requests across crashes (issue 16, docs/decisions/0036), shared by the CI test
 * (core/idempotency/crash.test.ts) and the longer run in bench/crash.ts: members send keyed
 * transfers and withdrawals to a real server process while something kills it (or its
 * database); every request cut by a kill is retried with its key until it has a definite
 * answer; then the money is checked.
 */

/** A server process on `databaseUrl` with the settings the crash runs need. */
export function crashServer(options: {
  command: string[];
  cwd: string;
  databaseUrl: string;
  port: number;
}): ServerProcess {
  return serverProcess({
    command: options.command,
    cwd: options.cwd,
    port: options.port,
    env: {
      DATABASE_URL: options.databaseUrl,
      SANDBOX: '1',
      LOG_LEVEL: 'fatal',
      GAME_PROVIDER_TIMEOUT_MS: '1000',
      RECONCILE_INTERVAL_MS: '500',
      RECONCILE_GRACE_MS: '2000',
      RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
    },
  });
}

export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

type Operation = { member: number; path: string; body: object; key: string };
type Answer = { status: number; body: Record<string, unknown> };

async function send(base: string, token: string, op: Operation): Promise<Answer | null> {
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
    return null; // cut: no answer
  }
}

/** `count` members, each given `grant` baht and a JOKER account; answers their tokens. */
export async function seedMembers(
  server: ServerProcess,
  databaseUrl: string,
  count: number,
  grant: number,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    // Members and sessions straight into the database (argon2 is not what is tested here).
    const [row] = await query<{ id: number }>(
      databaseUrl,
      `insert into members (id, username, name, password_hash, bank_code, bank_account_name, bank_account_no)
       values ($3, $1, 'Crash Member', 'x', 'SCB', 'CRASH MEMBER', $2) returning id`,
      [`09${String(i).padStart(8, '0')}`, `7${String(i).padStart(9, '0')}`, i + 1],
    );
    const token = randomBytes(32).toString('base64url');
    await query(
      databaseUrl,
      `insert into sessions (token_hash, member_id, expires_at) values ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), row?.id],
    );
    const op = { member: i, path: 'add', body: { amount: grant }, key: randomUUID() };
    const added = await send(server.base, token, op);
    if (added?.status !== 200) throw new Error(`top-up: ${JSON.stringify(added)}`);
    const activated = await fetch(`${server.base}/api/wallet/activate/JOKER`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (activated.status !== 200) throw new Error(`activate: ${activated.status}`);
    tokens.push(token);
  }
  return tokens;
}

export type CrashRun = {
  answered: number;
  cut: number;
  /** Cut requests the server had claimed before it died: the ones a retry answers from money. */
  cutAfterClaim: number;
  /** Cut requests still without a definite answer after the retries (must be 0). */
  unanswered: number;
  /** Answers that are not definite (a bare 500). */
  faults: number;
  retrySeconds: number;
};

/**
 * The members send money requests back to back until `crashes` resolves (it kills and
 * restarts whatever it likes meanwhile); then every cut request is retried with its key until
 * it has a definite answer or `retryForMs` runs out.
 */
export async function crashLoad(options: {
  server: ServerProcess;
  databaseUrl: string;
  tokens: string[];
  crashes: () => Promise<void>;
  retryForMs: number;
}): Promise<CrashRun> {
  const { server, tokens } = options;
  const answers = new Map<string, Answer>();
  const cut: Operation[] = [];
  let stop = false;
  const member = async (index: number) => {
    for (let n = 0; !stop; n++) {
      const key = randomUUID();
      const op: Operation =
        n % 10 === 9
          ? { member: index, path: 'withdraw', body: { amount: 100 }, key }
          : {
              member: index,
              path: 'transfer',
              body:
                n % 2 === 0
                  ? { from: 'WALLET', to: 'JOKER', amount: 3 }
                  : { from: 'JOKER', to: 'WALLET', amount: 1 },
              key,
            };
      const answer = await send(server.base, tokens[index] ?? '', op);
      if (answer && answer.status !== 409) answers.set(key, answer);
      else cut.push(op);
      // While the server is down, the members wait a little before their next request.
      if (!answer) await new Promise((r) => setTimeout(r, 200));
    }
  };
  const load = Promise.all(tokens.map((_, i) => member(i)));
  await options.crashes();
  await new Promise((r) => setTimeout(r, 500));
  stop = true;
  await load;

  const [claimed] = await query<{ n: number }>(
    options.databaseUrl,
    'select count(*)::int as n from idempotency_keys where key = any($1)',
    [cut.map((op) => op.key)],
  );
  const retryStarted = Date.now();
  let waiting = cut;
  while (waiting.length > 0 && Date.now() - retryStarted < options.retryForMs) {
    const still: Operation[] = [];
    for (const op of waiting) {
      const answer = await send(server.base, tokens[op.member] ?? '', op);
      if (answer && answer.status !== 409) answers.set(op.key, answer);
      else still.push(op);
    }
    waiting = still;
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 500));
  }
  const faults = [...answers.values()].filter(
    (a) =>
      !(a.status === 200 || typeof a.body.code === 'string') ||
      a.body.code === 'INTERNAL_SERVER_ERROR',
  ).length;
  return {
    answered: answers.size,
    cut: cut.length,
    cutAfterClaim: claimed?.n ?? 0,
    unanswered: waiting.length,
    faults,
    retrySeconds: (Date.now() - retryStarted) / 1000,
  };
}

/**
 * What must hold of the money after it all, once the reconciler has settled what the crashes
 * left pending: every problem found, in words (none when all is well).
 */
export async function moneyProblems(
  databaseUrl: string,
  members: number,
  grantMinor: number,
): Promise<string[]> {
  const settleBy = Date.now() + 30_000;
  while (Date.now() < settleBy) {
    const [pending] = await query<{ n: number }>(
      databaseUrl,
      `select count(*)::int as n from ledger_transactions where type = 'transfer' and status = 'processing'`,
    );
    if (pending?.n === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const problems: string[] = [];
  const [sum] = await query<{ total: string }>(
    databaseUrl,
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
  );
  if (sum?.total !== '0') problems.push(`the ledger sums to ${sum?.total}`);
  const unbalanced = await query(
    databaseUrl,
    'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0',
  );
  if (unbalanced.length > 0) problems.push(`${unbalanced.length} transactions do not balance`);
  const drift = await query(
    databaseUrl,
    `select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
     group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  if (drift.length > 0) problems.push(`${drift.length} balances differ from their entries`);
  const held = await query<{ total: string }>(
    databaseUrl,
    `select sum(balance)::text as total from ledger_accounts
     where member_id is not null group by member_id`,
  );
  const wrong = held.filter((h) => h.total !== String(grantMinor));
  if (held.length !== members || wrong.length > 0) {
    problems.push(
      `members hold ${held.map((h) => h.total).join(', ')} instead of ${grantMinor} each`,
    );
  }
  const disagree = await query(
    databaseUrl,
    `select g.member_id from ledger_accounts g
     join game_accounts ga on ga.member_id = g.member_id and ga.provider_code = g.provider_code
     join sandbox_game_accounts s on s.provider_code = ga.provider_code and s.username = ga.username
     where g.kind = 'game' and g.balance <> s.balance`,
  );
  if (disagree.length > 0)
    problems.push(`${disagree.length} game balances differ from the provider's`);
  const pending = await query(
    databaseUrl,
    `select id from ledger_transactions where type = 'transfer' and status = 'processing'`,
  );
  if (pending.length > 0) problems.push(`${pending.length} transfers still processing`);
  return problems;
}
