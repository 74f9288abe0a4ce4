/**
 * BENCH_ISOLATE for the chat benchmark (bench/chat.ts): on a VM that other work shares, the
 * whole stack — a private PostgreSQL and Redis, the servers, the load processes — runs in this
 * process's scheduling autogroup at nice -10, so that it gets the two cores much as it would
 * on a machine of its own.
 *
 * Why an autogroup: Linux (kernel.sched_autogroup_enabled = 1 here) shares the CPU fairly
 * between sessions first, then between the processes of a session. The machine's PostgreSQL,
 * its Redis, the benchmark and every other shell each are one session: with three other busy
 * sessions the benchmark's servers and load processes together got about a quarter of the
 * machine, whatever their own nice values. A private PostgreSQL and Redis started from here
 * are in the benchmark's session, and so under its priority; the machine's are left alone.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const AUTOGROUP = '/proc/self/autogroup';

/**
 * Sets this session's autogroup nice value (inherited by every process started from here);
 * the returned function puts the old value back. Null where there are no autogroups.
 */
export function raiseAutogroup(nice: number): (() => void) | null {
  if (!existsSync(AUTOGROUP)) return null;
  const before = Number(/nice (-?\d+)/.exec(readFileSync(AUTOGROUP, 'utf8'))?.[1] ?? 0);
  writeFileSync(AUTOGROUP, String(nice));
  return () => writeFileSync(AUTOGROUP, String(before));
}

/** PostgreSQL refuses to run as root: its programs run as `postgres` then (as in crash.ts). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

/** Waits for `ready`; gives up at once if `child` exits (a port taken, a bad setting). */
async function until(child: ChildProcess, ready: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

/** Whether something accepts connections on a port of this machine. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * A private PostgreSQL (initdb into a temporary folder; the machine's settings that matter
 * here: fsync and synchronous commits on, 128 MB of shared buffers, no autovacuum) and a
 * private Redis without persistence, on their own ports. The postmaster is started directly,
 * not through pg_ctl, which would put it in a session (and autogroup) of its own.
 */
export async function privateServices(
  pgPort: number,
  redisPort: number,
  cleanUp: (() => unknown)[],
) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-chat-services-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const children: ChildProcess[] = [];
  const stop = async () => {
    // The postmaster itself (runuser does not pass SIGINT on): SIGINT is its fast shutdown.
    const pidFile = join(data, 'postmaster.pid');
    const postmaster = existsSync(pidFile)
      ? Number(readFileSync(pidFile, 'utf8').split('\n')[0])
      : 0;
    if (Number.isInteger(postmaster) && postmaster > 0) process.kill(postmaster, 'SIGINT');
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        if (child.spawnfile === 'redis-server') child.kill('SIGINT');
        await once(child, 'exit');
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  cleanUp.push(stop);
  // Probed before anything listens on them, ports in the ephemeral range (32768-60999 here)
  // can connect a socket to itself, which then holds the port: keep them below it.
  for (const port of [pgPort, redisPort]) {
    if (await accepting(port)) throw new Error(`port ${port} is in use (BENCH_PORT)`);
  }
  execFileSync(
    ...asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']),
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const settings = [
    'shared_buffers=128MB',
    'autovacuum=off',
    'max_connections=100',
    'log_checkpoints=off',
    // LOG ranks above ERROR here: its start and stop lines would fill the report.
    'log_min_messages=fatal',
  ];
  const postgres = spawn(
    ...asPostgres('postgres', [
      '-D',
      data,
      '-p',
      String(pgPort),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      ...settings.flatMap((setting) => ['-c', setting]),
    ]),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(postgres);
  const redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  children.push(redis);
  const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  await until(
    postgres,
    async () => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.end();
      return true;
    },
    'the private PostgreSQL',
  );
  await until(redis, () => accepting(redisPort), 'the private Redis');
  return { adminUrl, redisUrl: `redis://127.0.0.1:${redisPort}` };
}
