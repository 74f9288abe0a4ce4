/**
 * The transfer benchmark's baselines (bench/transfer.ts): pgbench on the same PostgreSQL with the
 * same client count, its built-in tpcb-like script and the transfer's own statements.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { machineBusyMs } from './machine';
import { percentile } from './stats';
import type { TransferScripts } from './transfer-sql';

/** Where pgbench connects (BENCH_PG) and how it loads it: the benchmark's own clients and phase length. */
export type PgbenchSettings = { adminUrl: string; clients: number; seconds: number };

export type Pgbench = {
  /** Saturation: its TPS (a baseline of the ratio) and the machine's CPU per transaction. */
  saturated(): { tps: number; cpuMsPerTransaction: number };
  /**
   * Paced with -R: p50/p99 from the per-transaction log, elapsed time plus schedule lag, i.e.
   * from the scheduled start, as our paced phase measures.
   */
  paced(rate: number): { p50: number; p99: number };
};

/** pgbench with `args` (its script and database) on the server of BENCH_PG. */
function pgbenchOn(settings: PgbenchSettings, args: string[], logDir: string): Pgbench {
  const { clients, seconds } = settings;
  const url = new URL(settings.adminUrl);
  const run = (extra: string[]) =>
    execFileSync(
      'pgbench',
      [
        ...pgConnection(url),
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        ...extra,
        ...args,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
  return {
    saturated() {
      const busyAtStart = machineBusyMs();
      const out = run([]);
      const busy = machineBusyMs() - busyAtStart;
      const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (!match?.[1]) throw new Error(`pgbench printed no tps:\n${out}`);
      const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
      if (failed && failed !== '0') throw new Error(`pgbench: ${failed} transactions failed`);
      const tps = Number(match[1]);
      return { tps, cpuMsPerTransaction: busy / (tps * seconds) };
    },
    paced(rate) {
      rmSync(logDir, { recursive: true, force: true });
      mkdirSync(logDir);
      run(['-R', String(rate), '-l', '--log-prefix', join(logDir, 'tx')]);
      const latencies: number[] = [];
      for (const file of readdirSync(logDir)) {
        for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
          // client_id transaction_no time script_no time_epoch time_us schedule_lag (µs)
          const f = line.trim().split(/\s+/);
          if (f.length >= 7) latencies.push((Number(f[2]) + Number(f[6])) / 1000);
        }
      }
      latencies.sort((a, b) => a - b);
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    },
  };
}

const pgConnection = (url: URL) => [
  '-h',
  url.hostname,
  '-p',
  url.port || '5432',
  '-U',
  decodeURIComponent(url.username),
];

/**
 * The two baselines: pgbench's tpcb-like script on its own database, initialised at a scale of
 * at least the client count (at scale 1 every client updates the one branch row and pgbench
 * serialises on it), and the transfer's own statements on the wallet's database.
 */
export function setUpPgbench(
  settings: PgbenchSettings,
  walletUrl: string,
  scripts: TransferScripts,
  workDir: string,
) {
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const url = new URL(settings.adminUrl);
  const scale = Math.max(settings.clients, 1);
  execFileSync('createdb', [...pgConnection(url), name], { stdio: 'inherit' });
  execFileSync('pgbench', [...pgConnection(url), '-i', '-q', '-s', String(scale), name], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const walletDatabase = new URL(walletUrl).pathname.slice(1);
  return {
    scale,
    tpcb: pgbenchOn(settings, ['-b', 'tpcb-like', name], join(workDir, 'tpcb-log')),
    transferSql: pgbenchOn(
      settings,
      [
        '-n',
        '-M',
        'prepared',
        ...scripts.files.flatMap((file) => ['-f', file]),
        ...scripts.defines,
        walletDatabase,
      ],
      join(workDir, 'transfer-log'),
    ),
    tearDown() {
      execFileSync('dropdb', [...pgConnection(url), '--force', name], { stdio: 'inherit' });
    },
  };
}
