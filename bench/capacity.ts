import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { makeTlsPair, Stack } from '../e2e/cluster/stack';

/**
 * Capacity (issue 34): one server process behind nginx, then two, on this machine, with the
 * same member mix — a sign-in now and then, the wallet, a transfer to a game, the statement —
 * driven by autocannon through nginx's HTTPS. Prints throughput and p99 of each and their
 * ratio. Needs `npm run build`, PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL).
 *
 *   CAPACITY_SECONDS (20)  CAPACITY_CONNECTIONS (32)  CAPACITY_MEMBERS (32)
 */
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CAPACITY_CONNECTIONS ?? 32);
const MEMBERS = Number(process.env.CAPACITY_MEMBERS ?? 32);
const GAME = 'JOKER';
/** Baht per transfer (the seed's smallest). */
const TRANSFER = 1;
const PASSWORD = 'Capacity-pass-1';
/** One loop in this many starts with a sign-in (argon2: the costliest call a member makes). */
const SIGN_IN_EVERY = 10;

type Member = { phone: string; token: string };

async function json(origin: string, path: string, body?: object, token?: string) {
  const res = await fetch(`${origin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Members registered as the wizard does, each with 10,000 baht and a game account. */
async function members(origin: string, count: number): Promise<Member[]> {
  const made: Member[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const accountNo = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    const { otpToken } = await json(origin, '/api/otp/send', { phoneNumber: phone });
    const { otpCode } = await json(origin, `/api/sandbox/otp/${phone}`);
    await json(origin, '/api/otp/verify', { otpToken, otpCode });
    await json(origin, '/api/account', {
      name: 'Capacity Member',
      username: phone,
      password: PASSWORD,
      sourceCode: 'facebook',
      inviteCode: '',
      bankCode: 'SCB',
      bankAccountName: 'CAPACITY MEMBER',
      bankAccountNo: accountNo,
    });
    const { token } = await json(origin, '/api/login', { username: phone, password: PASSWORD });
    await json(origin, '/api/sandbox/bank-transfer', {
      bankCode: 'SCB',
      accountNo,
      amount: 10_000,
      reference: `SCB${randomUUID().slice(0, 20)}`,
    });
    await json(origin, `/api/wallet/activate/${GAME}`, undefined, String(token));
    made.push({ phone, token: String(token) });
  }
  return made;
}

type Figures = {
  processes: number;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  /** Answers by status: a refusal is an answer, but not the work measured. */
  statuses: string;
};

/** The member mix through nginx for SECONDS: each connection plays one member. */
async function drive(
  origin: string,
  players: Member[],
  processes: number,
  seconds = SECONDS,
): Promise<Figures> {
  let next = 0;
  type Context = { member?: Member; loops?: number };
  const memberOf = (context: Context) => {
    context.member ??= players[next++ % players.length];
    return context.member as Member;
  };
  const withToken = (context: Context) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${memberOf(context).token}`,
  });
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request, context: Context) => {
          context.loops = (context.loops ?? 0) + 1;
          const member = memberOf(context);
          if (context.loops % SIGN_IN_EVERY !== 1) {
            const { body: _none, ...get } = request;
            return {
              ...get,
              method: 'GET',
              path: '/api/wallet',
              headers: { authorization: `Bearer ${member.token}` },
            };
          }
          return {
            ...request,
            method: 'POST',
            path: '/api/login',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: member.phone, password: PASSWORD }),
          };
        },
      },
      {
        setupRequest: (request, context: Context) => ({
          ...request,
          method: 'POST',
          path: '/api/wallet/transfer',
          headers: { ...withToken(context), 'idempotency-key': randomUUID() },
          // There and back in turn, so no member runs dry however long the run.
          body: JSON.stringify(
            (context.loops ?? 0) % 2 === 1
              ? { from: 'WALLET', to: GAME, amount: TRANSFER }
              : { from: GAME, to: 'WALLET', amount: TRANSFER },
          ),
        }),
      },
      {
        setupRequest: (request, context: Context) => ({
          ...request,
          method: 'POST',
          path: '/api/statement',
          headers: withToken(context),
          body: JSON.stringify({ page: 1, limit: 10 }),
        }),
      },
    ],
  });
  return {
    processes,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}×${count}`)
      .join(' '),
  };
}

async function measure(processes: number, tls: string): Promise<Figures> {
  const stack = await Stack.start(processes, tls);
  try {
    const players = await members(stack.info.processes[0] ?? '', MEMBERS);
    // A short warm-up: JIT, pools and nginx's upstream connections.
    await drive(stack.info.origin, players, processes, 5);
    return await drive(stack.info.origin, players, processes);
  } finally {
    await stack.stop();
  }
}

const tls = makeTlsPair(mkdtempSync(join(tmpdir(), 'wallet-capacity-tls-')));
try {
  const one = await measure(1, tls);
  const two = await measure(2, tls);
  console.log(`\ncapacity through nginx, ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log('processes | requests/s | p99 ms | errors | answers');
  for (const f of [one, two]) {
    console.log(
      `${f.processes} | ${f.requestsPerSecond.toFixed(0)} | ${f.p99.toFixed(0)} | ${f.errors} | ${f.statuses}`,
    );
  }
  console.log(
    `ratio two/one: throughput ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}, p99 ${(two.p99 / one.p99).toFixed(2)}`,
  );
} finally {
  rmSync(tls, { recursive: true, force: true });
}
