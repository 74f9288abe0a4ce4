/**
 * The chat benchmark's stack (bench/chat.ts): its settings, a fresh database, the servers, the load
 * processes and the staff desk, and the CPU each part has used.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaffServerToClientEvents } from '@wallet/contract/backoffice';
import { type ChatClientToServerEvents, ChatConfigResponseSchema } from '@wallet/contract/chat';
import { StaffChallengeResponseSchema, StaffSessionResponseSchema } from '@wallet/contract/staff';
import { io, type Socket } from 'socket.io-client';
import { type ServerProcess, serverProcess } from '../apps/server/src/test/server-process';
import type { ClientCommand, ClientReply, ClientSetup } from './chat-client';
import { privateServices, raiseAutogroup } from './chat-isolation';
import { cpuMsOf, listening, pidOnPort } from './machine';
import { withPgClient } from './pg-client';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..');
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5000);
export const RATE = Number(process.env.BENCH_RATE ?? 500);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
export const BASELINE_CONNECTIONS = Number(process.env.BENCH_BASELINE_CONNECTIONS ?? 100);
export const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
/**
 * Unmeasured sending before each measured window: the first seconds of a run pay for the JIT,
 * the pools' connections and cold caches, and near the machine's capacity a backlog formed
 * then is never worked off, so whichever phase came first would look the worst.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
export const PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 1);
export const CROSS = Number(process.env.BENCH_CROSS ?? 1);
export const POOL = process.env.BENCH_POOL ?? '10';
/** Below the ephemeral ports (32768-60999 here), which 5,000 outgoing sockets take many of. */
export const PORT = Number(process.env.BENCH_PORT ?? 29_210);
export const SHARED_PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SHARED_REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
export const ISOLATE = process.env.BENCH_ISOLATE === '1';
/** The run's autogroup nice value with BENCH_ISOLATE: about nine times the weight of nice 0. */
export const ISOLATED_NICE = -10;
export const bundle = join(root, 'apps/server/dist/main.js');
/** Extra node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
export const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Issue 14's target. */
export const TARGET = { connections: 5000, rate: 500, p99Ms: 100 };
/** The demo support account the sandbox creates (apps/server/src/app.ts, DEMO_STAFF). */
export const DEMO_STAFF = { username: 'support', password: 'support-demo' };

/**
 * PostgreSQL's processes that work for this run: its database's backends, and the shared ones
 * (WAL writer, checkpointer...), which also work for whatever else uses the server.
 */
export async function postgresPids(
  adminUrl: string,
  database: string,
): Promise<{ own: number[]; shared: number[] }> {
  return withPgClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ pid: number; own: boolean }>(
      `select pid, datname = $1 as own from pg_stat_activity
       where datname = $1 or backend_type <> 'client backend'`,
      [database],
    );
    return {
      own: rows.filter((row) => row.own).map((row) => row.pid),
      shared: rows.filter((row) => !row.own).map((row) => row.pid),
    };
  });
}

export function clientProcess(index: number, bases: string[], prefix: string) {
  const setup: ClientSetup = { index, processes: PROCESSES, bases, prefix };
  const child = fork(join(here, 'chat-client.ts'), [], {
    env: { ...process.env, BENCH_CHAT_CLIENT: JSON.stringify(setup) },
  });
  return {
    child,
    ask<R extends ClientReply>(command: ClientCommand): Promise<R> {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) =>
          reject(new Error(`client ${index} exited: ${code}`));
        child.once('exit', onExit);
        child.once('message', (reply: R) => {
          child.off('exit', onExit);
          resolve(reply);
        });
        child.send(command);
      });
    },
  };
}

/** The back office's chat desk: one staff socket that hears every message (`staff:messaging`). */
export async function staffDesk(base: string) {
  // Both steps of the staff sign-in; the sandbox tells the demo account's current code.
  const post = async (path: string, body: object) =>
    (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const { challenge } = StaffChallengeResponseSchema.parse(
    await post('/api/backoffice/login', DEMO_STAFF),
  );
  const { code } = (await (
    await fetch(`${base}/api/sandbox/staff/${DEMO_STAFF.username}/totp`)
  ).json()) as { code: string };
  const { token } = StaffSessionResponseSchema.parse(
    await post('/api/backoffice/login/totp', { challenge, code }),
  );
  const socket: Socket<StaffServerToClientEvents, ChatClientToServerEvents> = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { staffToken: token },
    reconnection: false,
    forceNew: true,
  });
  const heard = new Map<string, number>();
  socket.on('staff:messaging', (event) => {
    heard.set(event.message.message.deliver.id, performance.timeOrigin + performance.now());
  });
  await new Promise((resolve) => socket.once('connect', () => resolve(null)));
  const ack = await socket.timeout(5000).emitWithAck('join', { room: 'staff' });
  if (!ack.ok) throw new Error('the staff desk could not join its room');
  return { heard, close: () => socket.close() };
}

export type Stack = {
  adminUrl: string;
  database: string;
  serverPids: number[];
  redisPid: number;
  clients: ReturnType<typeof clientProcess>[];
  desk: Awaited<ReturnType<typeof staffDesk>>;
};

/**
 * The run's pieces, in order: (a private PostgreSQL and Redis,) a fresh database, the two
 * servers, the load processes and the staff desk. `cleanUp` collects what undoes each, last
 * first.
 */
export async function setUp(cleanUp: (() => unknown)[]): Promise<Stack> {
  if (ISOLATE) {
    const restore = raiseAutogroup(ISOLATED_NICE);
    if (restore) cleanUp.push(restore);
  }
  const services = ISOLATE ? await privateServices(PORT + 2, PORT + 3, cleanUp) : null;
  const adminUrl = services?.adminUrl ?? SHARED_PG;
  const redisUrl = services?.redisUrl ?? SHARED_REDIS;
  const database = `bench_chat_${randomBytes(4).toString('hex')}`;
  await withPgClient(adminUrl, (client) => client.query(`create database ${database}`));
  cleanUp.push(() =>
    withPgClient(adminUrl, (client) =>
      client.query(`drop database if exists ${database} with (force)`),
    ),
  );
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const keyPrefix = `wallet-bench-${randomBytes(4).toString('hex')}:`;
  const serverPids: number[] = [];
  const servers: ServerProcess[] = [];
  cleanUp.push(async () => {
    // SIGTERM first, so that a server started with --cpu-prof writes its profile; then SIGKILL.
    for (const pid of serverPids) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + 10_000;
    while (serverPids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const server of servers) server.kill();
  });
  for (const port of [PORT, PORT + 1]) {
    // serverProcess would take an earlier run's server, still stopping, for this one.
    if (listening(port)) throw new Error(`port ${port} is in use (BENCH_PORT)`);
    const server = serverProcess({
      command: ['--max-semi-space-size=64', ...NODE_ARGS, bundle],
      cwd: root,
      port,
      env: {
        DATABASE_URL: databaseUrl.toString(),
        DATABASE_POOL_MAX: POOL,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: keyPrefix,
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent',
        SANDBOX: '1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
        // The most the server allows; a guest here sends a few a minute, far below anyway.
        CHAT_MESSAGES_PER_MINUTE: '10000',
      },
    });
    servers.push(server);
    // One after the other: the first applies the migrations.
    await server.start();
    serverPids.push(pidOnPort(port));
  }
  const bases = servers.map((server) => server.base);
  const config = await fetch(`${bases[0]}/api/chat/config`);
  const { PREFIX } = ChatConfigResponseSchema.parse(await config.json());
  const clients = Array.from({ length: PROCESSES }, (_, i) => clientProcess(i, bases, PREFIX));
  cleanUp.push(() => {
    for (const client of clients) client.child.kill();
  });
  const desk = await staffDesk(bases[0] ?? '');
  cleanUp.push(desk.close);
  const redisPid = pidOnPort(Number(new URL(redisUrl).port || 6379));
  return { adminUrl, database, serverPids, redisPid, clients, desk };
}

/** CPU time of each part of the run so far, by its processes (the database's may come and go). */
export async function cpuSnapshot(stack: Stack): Promise<Map<string, Map<number, number>>> {
  const pgPids = await postgresPids(stack.adminUrl, stack.database);
  const groups: Record<string, number[]> = {
    'server A': stack.serverPids.slice(0, 1),
    'server B': stack.serverPids.slice(1),
    PostgreSQL: pgPids.own,
    'PostgreSQL shared': pgPids.shared,
    Redis: [stack.redisPid],
    'load processes': stack.clients.map((client) => client.child.pid ?? 0),
    'bench main, staff desk': [process.pid],
  };
  return new Map(
    Object.entries(groups).map(([name, pids]) => [
      name,
      new Map(pids.map((pid) => [pid, cpuMsOf(pid)])),
    ]),
  );
}
