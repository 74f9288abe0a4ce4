/**
 * The long crash run (issue 16, docs/decisions/0036 and 0032; not in CI): a PostgreSQL of its
 * own (initdb into a temporary folder, on a port of its own), the server from its production
 * bundle, members sending keyed transfers and withdrawals for BENCH_SECONDS (120), and every
 * 1–3 s a crash: the server SIGKILLed, or the database stopped with `pg_ctl stop -m immediate`
 * (no checkpoint, no flush: what a power cut does to it, with the relaxed commits of 0032 in
 * flight) and both started again. Then every cut request is retried with its key until it has a
 * definite answer, and the money is checked: the ledger balances, every member still holds what
 * they were given, the provider's books agree, nothing is left pending.
 *
 *   npm run build -w @wallet/server && npm run bench:crash -w @wallet/bench
 *
 * Runs PostgreSQL's own binaries (initdb, pg_ctl) as the `postgres` user when started as root.
 * Environment: BENCH_SECONDS (120), BENCH_MEMBERS (8), BENCH_PG_PORT (55432).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  crashLoad,
  crashServer,
  moneyProblems,
  query,
  seedMembers,
} from '../apps/server/src/test/crash-load';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 8);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55432);
const GRANT = 1000;
const bundle = join(root, 'apps/server/dist/main.js');

/** PostgreSQL refuses to run as root: its tools run as `postgres` then. */
function pgTool(tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', tool, ...args]]
    : [tool, args];
  execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
}

if (!existsSync(bundle)) throw new Error('Build the server first: npm run build -w @wallet/server');
const dir = mkdtempSync(join(tmpdir(), 'wallet-crash-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
const startDatabase = () =>
  pgTool('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'postgres.log'),
    '-w',
    '-o',
    `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
const crashDatabase = () => pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
startDatabase();

const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/wallet`;
await query(`postgres://postgres@127.0.0.1:${PG_PORT}/postgres`, 'create database wallet');
const server = crashServer({
  command: ['--max-semi-space-size=64', bundle],
  cwd: root,
  databaseUrl,
  port: 39_300,
});
const kills = { server: 0, database: 0 };
try {
  await server.start();
  const tokens = await seedMembers(server, databaseUrl, MEMBERS, GRANT);
  const started = Date.now();
  const run = await crashLoad({
    server,
    databaseUrl,
    tokens,
    retryForMs: 120_000,
    async crashes() {
      while (Date.now() - started < SECONDS * 1000) {
        await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
        server.kill();
        if (Math.random() < 0.5) {
          crashDatabase();
          kills.database += 1;
          startDatabase();
        }
        kills.server += 1;
        await server.start();
      }
    },
  });
  const problems = await moneyProblems(databaseUrl, MEMBERS, GRANT * 100);
  console.log(
    `${SECONDS} s, ${MEMBERS} members: ${kills.server} server kills, ${kills.database} of them with the database stopped immediately`,
  );
  console.log(
    `requests answered ${run.answered}, cut ${run.cut} (${run.cutAfterClaim} after their claim), without a definite answer ${run.unanswered}, faults ${run.faults}; retries took ${run.retrySeconds.toFixed(1)} s`,
  );
  console.log(`money      ${problems.length === 0 ? 'whole' : problems.join('; ')}`);
  if (problems.length > 0 || run.unanswered > 0 || run.faults > 0) process.exitCode = 1;
} finally {
  server.kill();
  try {
    crashDatabase();
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
}
