import { randomUUID } from 'node:crypto';
import { query } from '../../apps/server/src/test/crash-load';

type Operation = { token: string; body: object; key: string };
type Answer = { status: number; body: Record<string, unknown> };

/**
 * What a member's app sends again with the same key (apps/web/src/lib/idempotency.ts): no answer,
 * 409 (still running) and SERVICE_UNAVAILABLE (nginx's 503 with no process to ask). The API's
 * own 502 TRANSFER_FAIL is an answer: the funds are back.
 */
const isDefinite = (answer: Answer | null): answer is Answer =>
  answer !== null && answer.status !== 409 && answer.body.code !== 'SERVICE_UNAVAILABLE';

async function send(origin: string, op: Operation): Promise<Answer | null> {
  try {
    const res = await fetch(`${origin}/api/wallet/transfer`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${op.token}`,
        'content-type': 'application/json',
        'idempotency-key': op.key,
      },
      body: JSON.stringify(op.body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return null; // no answer at all
  }
}

export type LoadRun = {
  /** Keys answered 200, each of which must have moved money exactly once. */
  succeeded: string[];
  /** Requests that got no definite answer at first (cut by the kill) and were retried. */
  retried: number;
  /** Still without a definite answer after the retries, each with its last answer: none. */
  unanswered: string[];
  /** Definite answers that are faults: a 500, or a body without the API's code. */
  faults: string[];
};

/**
 * Members move money between their wallet and a game back to back through nginx, each move with
 * a fresh Idempotency-Key, while `meanwhile` kills and restarts processes; every move without
 * a definite answer is sent again with its key, as the app does, until it has one.
 */
export async function transferLoad(options: {
  origin: string;
  tokens: string[];
  game: string;
  meanwhile: () => Promise<void>;
}): Promise<LoadRun> {
  const succeeded: string[] = [];
  const faults: string[] = [];
  const waiting: Operation[] = [];
  const record = (op: Operation, answer: Answer) => {
    if (answer.status === 200) succeeded.push(op.key);
    else if (answer.body.code === 'INTERNAL_SERVER_ERROR' || typeof answer.body.code !== 'string') {
      faults.push(`${answer.status} ${JSON.stringify(answer.body)}`);
    }
  };
  let stop = false;
  const member = async (token: string) => {
    for (let n = 0; !stop; n++) {
      const body =
        n % 2 === 0
          ? { from: 'WALLET', to: options.game, amount: 3 }
          : { from: options.game, to: 'WALLET', amount: 1 };
      const op = { token, body, key: randomUUID() };
      const answer = await send(options.origin, op);
      if (isDefinite(answer)) record(op, answer);
      else {
        waiting.push(op);
        await new Promise((next) => setTimeout(next, 100));
      }
    }
  };
  const load = Promise.all(options.tokens.map(member));
  await options.meanwhile();
  stop = true;
  await load;

  const retried = waiting.length;
  let still = waiting;
  const last = new Map<Operation, Answer | null>();
  const until = Date.now() + 60_000;
  while (still.length > 0 && Date.now() < until) {
    const next: Operation[] = [];
    for (const op of still) {
      const answer = await send(options.origin, op);
      if (isDefinite(answer)) record(op, answer);
      else {
        last.set(op, answer);
        next.push(op);
      }
    }
    still = next;
    if (still.length > 0) await new Promise((next) => setTimeout(next, 500));
  }
  const unanswered = still.map(
    (op) => `${op.key} ${JSON.stringify(op.body)}: ${JSON.stringify(last.get(op) ?? 'no answer')}`,
  );
  return { succeeded, retried, unanswered, faults };
}

/**
 * The ledger's invariants after the run, once the reconciler has settled the transfers a killed
 * process left pending: each problem in words, none when all is well. `members`: usernames and
 * the minor units each was given; `succeeded`: the keys answered 200.
 */
export async function ledgerProblems(
  databaseUrl: string,
  members: { username: string; grantMinor: number }[],
  succeeded: string[],
): Promise<string[]> {
  const usernames = members.map((m) => m.username);
  const ids = (
    await query<{ id: number }>(databaseUrl, 'select id from members where username = any($1)', [
      usernames,
    ])
  ).map((r) => r.id);
  const settleBy = Date.now() + 30_000;
  for (;;) {
    const [pending] = await query<{ n: number }>(
      databaseUrl,
      `select count(*)::int as n from ledger_transactions
       where type = 'transfer' and status = 'processing' and member_id = any($1)`,
      [ids],
    );
    if (pending?.n === 0 || Date.now() > settleBy) break;
    await new Promise((next) => setTimeout(next, 500));
  }

  const problems: string[] = [];
  const check = async (what: string, text: string, values: unknown[] = []) => {
    const rows = await query(databaseUrl, text, values);
    if (rows.length > 0) problems.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}`);
  };
  await check(
    'currencies whose accounts do not sum to zero',
    'select currency, sum(balance)::text from ledger_accounts group by currency having sum(balance) <> 0',
  );
  await check(
    'transactions whose entries do not balance',
    'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0',
  );
  await check(
    'balances that differ from their entries',
    `select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
     group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  await check(
    'negative member balances',
    'select id, balance from ledger_accounts where member_id is not null and balance < 0',
  );
  await check(
    'members who do not hold what they were given (transfers only move it)',
    `select m.username, coalesce(sum(a.balance), 0)::text as held from members m
     left join ledger_accounts a on a.member_id = m.id
     where m.id = any($1) group by m.username
     having coalesce(sum(a.balance), 0) <> ($2::jsonb ->> m.username)::bigint`,
    [ids, JSON.stringify(Object.fromEntries(members.map((m) => [m.username, m.grantMinor])))],
  );
  await check(
    "game balances that differ from the provider's",
    `select g.member_id from ledger_accounts g
     join game_accounts ga on ga.member_id = g.member_id and ga.provider_code = g.provider_code
     join sandbox_game_accounts s on s.provider_code = ga.provider_code and s.username = ga.username
     where g.kind = 'game' and g.member_id = any($1) and g.balance <> s.balance`,
    [ids],
  );
  await check(
    'transfers still processing',
    `select id from ledger_transactions
     where type = 'transfer' and status = 'processing' and member_id = any($1)`,
    [ids],
  );
  await check(
    'keys that moved money more than once',
    `select request_key, count(*) from ledger_transactions
     where member_id = any($1) and request_key is not null and status <> 'failed'
     group by request_key having count(*) > 1`,
    [ids],
  );
  const [done] = await query<{ n: number }>(
    databaseUrl,
    `select count(*)::int as n from ledger_transactions
     where member_id = any($1) and request_key = any($2) and status = 'success'`,
    [ids, succeeded],
  );
  if (done?.n !== succeeded.length) {
    problems.push(`${succeeded.length} transfers answered 200, ${done?.n} settled in the ledger`);
  }
  return problems;
}
