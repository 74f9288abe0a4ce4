import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A real server process, started and stopped from outside: the crash test and the benchmarks
 * (bench/lighthouse.ts, bench/crash.ts) and `test:size` (e2e/scripts/login-bytes.ts) all start
 * one this way.
 */
export type ServerProcess = {
  base: string;
  /** Starts it and waits until /api/health answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no flush, as a crash (and the quickest way out). */
  kill(): void;
  /** SIGTERM, as a deploy or a restart does, and waits until the process has exited. */
  stop(): Promise<void>;
};

/**
 * `command`: node's arguments (the production bundle, or the source through tsx); `env`: the
 * server's own variables, over nothing but PATH, PORT and HOST (127.0.0.1); `startTimeoutMs`:
 * how long `start` waits for /api/health (a first start seeds a fresh database, which a busy
 * machine may take more than the default minute for).
 */
export function serverProcess(options: {
  command: string[];
  cwd: string;
  port: number;
  env: Record<string, string>;
  startTimeoutMs?: number;
}): ServerProcess {
  const base = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | null = null;
  return {
    base,
    async start() {
      child = spawn(process.execPath, options.command, {
        cwd: options.cwd,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(options.port),
          HOST: '127.0.0.1',
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
      while (Date.now() < deadline) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the server did not start');
    },
    kill() {
      child?.kill('SIGKILL');
      child = null;
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
