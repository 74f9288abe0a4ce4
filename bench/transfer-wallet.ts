/**
 * The wallet side of the transfer benchmark (bench/transfer.ts): its settings, the server processes,
 * the members, the HTTP clients, the statements captured for pgbench and the ledger's invariants.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withPgClient } from './pg-client';
import {
  type Direction,
  readCapture,
  type TransferScripts,
  writeTransferScripts,
} from './transfer-sql';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const adminUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
/** Extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
export const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/**
 * A file for the paced phase's timeline, one line per request: its scheduled start (epoch ms),
 * its latency (ms) and its direction, to line the slow ones up with GC or database logs.
 */
export const TIMELINE = process.env.BENCH_TIMELINE;
/** Paced pairs (pgbench -R, then ours) after the saturation phases; the median p99 is printed. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
export const GAME = 'JOKER';
export const SERVER_BUNDLE = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/main.js');
/** The share of transfers that ask for more than the member holds (BENCH_REFUSALS, 0 to 1). */
export const REFUSALS = Number(process.env.BENCH_REFUSALS ?? 0);

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const admin = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(adminUrl, work);

/**
 * The servers' garbage collections so far, read from their `--trace-gc` lines: a collection of
 * the old generation (mark-compact) stops the server and, on two cores, takes CPU from
 * PostgreSQL, so how many come per thousand transfers is a figure of the hot path's own
 * (docs/performance.md, "Hidden classes").
 */
export const gc = { major: 0, majorPauseMs: 0 };

/** Counts a `--trace-gc` line (scavenges are only swallowed); false for any other line. */
export function tallyGc(line: string): boolean {
  const match = /: (Mark-Compact|Scavenge)\b.*?MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
  if (!match) return false;
  if (match[1] === 'Mark-Compact') {
    gc.major += 1;
    gc.majorPauseMs += Number(match[2]);
  }
  return true;
}

export async function startServer(
  url: string,
  port: number,
  captureTo?: string,
): Promise<ChildProcess> {
  // The production bundle (`npm run build -w @wallet/server`) with the flag `npm start` gives
  // it (package.json; docs/performance.md, "Garbage collection"), and its collections traced.
  // `captureTo`: a file for the statements it sends (bench/sql-capture.mjs, transfer-sql.ts).
  const capture = captureTo ? ['--import', join(root, 'bench/sql-capture.mjs')] : [];
  const flags = ['--max-semi-space-size=64', '--trace-gc', ...NODE_ARGS, ...capture];
  const child = spawn(process.execPath, [...flags, SERVER_BUNDLE], {
    env: {
      ...process.env,
      // The capturing process runs no reconciler: only the transfers' own statements.
      ...(captureTo ? { BENCH_SQL_CAPTURE: captureTo, RECONCILE_INTERVAL_MS: '0' } : {}),
      DATABASE_URL: url,
      DATABASE_POOL_MAX: process.env.BENCH_POOL ?? '20',
      SANDBOX: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout as Readable }).on('line', (line) => {
    if (!tallyGc(line)) console.log(line);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 300 && !exited; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

export type Member = { id: number; token: string };

/** Members and their sessions straight into the database: registering 300 through argon2 is not what is measured. */
export async function seedMembers(url: string): Promise<Member[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const phone = `09${String(i).padStart(8, '0')}`;
      const { rows } = await client.query<{ id: number }>(
        `insert into members (id, username, name, password_hash, bank_code, bank_account_name, bank_account_no)
         values ($3, $1, 'Bench Member', 'x', 'SCB', 'BENCH MEMBER', $2) returning id`,
        [phone, `7${String(i).padStart(9, '0')}`, i + 1],
      );
      const id = rows[0]?.id ?? 0;
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `insert into sessions (token_hash, member_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), id],
      );
      members.push({ id, token });
    }
    return members;
  } finally {
    await client.end();
  }
}

// node:http with keep-alive: a lighter client than fetch, so the load generator takes less
// of the two cores it shares with the server and PostgreSQL.
export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function api(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  key: string = randomUUID(),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const url = new URL(`${base}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
            });
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The load phases' HTTP client: one keep-alive connection, a request written as one string and
 * only the status line and Content-Length read back. node:http costs the shared CPU about a
 * tenth of a transfer; pgbench's own client is lean C, and so should ours be.
 */
export class LeanConnection {
  private socket: Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve(status: number): void; reject(error: Error): void } | null = null;

  constructor(private readonly base: URL) {}

  send(path: string, token: string, body: unknown): Promise<number> {
    const payload = JSON.stringify(body);
    const request =
      `POST ${path} HTTP/1.1\r\nhost: ${this.base.host}\r\nauthorization: Bearer ${token}\r\n` +
      `idempotency-key: ${randomUUID()}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.connection().write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private connection(): Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = connect(Number(this.base.port), this.base.hostname);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    const fail = (error?: Error) => {
      this.socket = null;
      this.buffer = Buffer.alloc(0);
      this.waiting?.reject(error ?? new Error('connection closed'));
      this.waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail());
    this.socket = socket;
    return socket;
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headerEnd = this.buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headerEnd + 4 + length) return;
    this.buffer = this.buffer.subarray(headerEnd + 4 + length);
    const status = Number(head.slice(9, 12));
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(status);
  }
}

export async function checkInvariants(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const problems: string[] = [];
    const q = async (text: string) => (await client.query(text)).rows;
    const [sum] = await q('select coalesce(sum(balance), 0)::text as s from ledger_accounts');
    if (sum?.s !== '0') problems.push(`balances sum to ${sum?.s}`);
    if (
      (await q('select 1 from ledger_entries group by transaction_id having sum(amount) <> 0'))
        .length
    )
      problems.push('an unbalanced transaction');
    if (
      (await q('select 1 from ledger_accounts where member_id is not null and balance < 0')).length
    )
      problems.push('a negative member balance');
    const drift =
      await q(`select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`);
    if (drift.length) problems.push(`${drift.length} balances differ from their entries`);
    const mismatch = await q(`select g.member_id from ledger_accounts g
      join game_accounts ga on ga.member_id = g.member_id and ga.provider_code = g.provider_code
      join sandbox_game_accounts s on s.provider_code = ga.provider_code and s.username = ga.username
      where g.kind = 'game' and g.balance <> s.balance`);
    if (mismatch.length)
      problems.push(`${mismatch.length} game balances differ from the provider's`);
    const pending = await q(
      `select count(*)::int as n from ledger_transactions where status = 'processing' and type = 'transfer'`,
    );
    if ((pending[0]?.n ?? 0) > 0) problems.push(`${pending[0]?.n} transfers still processing`);
    return problems;
  } finally {
    await client.end();
  }
}

/** A fresh database with the server(s) on it and MEMBERS members ready to move money. */
export async function setUpWallet() {
  const name = `bench_wallet_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = databaseUrl(name);
  const servers: ChildProcess[] = [];
  const tearDown = async () => {
    for (const server of servers) {
      server.kill('SIGTERM');
      await once(server, 'exit').catch(() => {});
    }
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  };
  try {
    const bases: string[] = [];
    for (let i = 0; i < SERVERS; i++) {
      const port = 39_100 + i;
      servers.push(await startServer(url, port));
      bases.push(`http://127.0.0.1:${port}`);
    }
    const base = bases[0] ?? '';
    const members = await seedMembers(url);
    // Every member: 1,000 baht, an account at the game, half of it moved there.
    for (let i = 0; i < members.length; i += 32) {
      await Promise.all(
        members.slice(i, i + 32).map(async (m) => {
          await api(base, m.token, 'POST', '/api/wallet/add', { amount: 1000 });
          await api(base, m.token, 'GET', `/api/wallet/activate/${GAME}`);
          await api(base, m.token, 'POST', '/api/wallet/transfer', {
            from: 'WALLET',
            to: GAME,
            amount: 500,
          });
        }),
      );
    }
    return { url, bases, members, tearDown };
  } catch (error) {
    await tearDown();
    throw error;
  }
}

/**
 * The transfer's own statements as pgbench scripts (bench/transfer-sql.ts): a server process on
 * the wallet's database, started with the statement capture, moves the first member's money
 * each way twice (after one warm-up transfer each way, so its caches hold what the load's
 * servers' caches hold), and the scripts are written from what it sent.
 */
export async function captureTransferScripts(
  wallet: { url: string; members: Member[] },
  dir: string,
): Promise<TransferScripts> {
  const port = 39_190;
  const file = join(dir, 'capture.jsonl');
  const server = await startServer(wallet.url, port, file);
  const base = `http://127.0.0.1:${port}`;
  const [member] = wallet.members;
  if (!member) throw new Error('no members');
  const body = (direction: Direction) =>
    direction === 'to-game'
      ? { from: 'WALLET', to: GAME, amount: 1 }
      : { from: GAME, to: 'WALLET', amount: 1 };
  const transfer = async (direction: Direction) => {
    readCapture(file);
    const res = await api(base, member.token, 'POST', '/api/wallet/transfer', body(direction));
    if (res.status !== 200) throw new Error(`capture transfer: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
    return readCapture(file);
  };
  try {
    await transfer('to-game');
    await transfer('to-wallet');
    const captured = {
      'to-game': [await transfer('to-game'), await transfer('to-game')],
      'to-wallet': [await transfer('to-wallet'), await transfer('to-wallet')],
    } as Record<
      Direction,
      [Awaited<ReturnType<typeof readCapture>>, Awaited<ReturnType<typeof readCapture>>]
    >;
    const db = new pg.Client({ connectionString: wallet.url });
    await db.connect();
    try {
      return await writeTransferScripts({
        db,
        dir,
        game: GAME,
        captured,
        captureMember: member.id,
        clientMembers: wallet.members.slice(0, CLIENTS).map((m) => m.id),
      });
    } finally {
      await db.end();
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit').catch(() => {});
  }
}
