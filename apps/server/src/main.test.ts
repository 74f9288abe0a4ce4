import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs src/main.ts as `npm run dev` would, with only the given environment. */
function start(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  return Object.assign(child, { output: () => output });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

/** This machine's addresses that other machines could use (none on a machine with no network). */
function outsideAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => i?.address ?? '');
}

/** Starts a server on a fresh data folder and a random port, runs `body`, then stops it. */
async function withServer(
  env: Record<string, string>,
  body: (child: ReturnType<typeof start>, port: number) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wallet-main-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = start({ PORT: String(port), DATA_DIR: dataDir, ...env });
  try {
    const deadline = Date.now() + 30_000;
    while (!child.output().includes('Server listening') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The notice is logged right after the listening line.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await body(child, port);
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the server process', () => {
  it('stops at start with a clear message when PORT is not a port', async () => {
    const child = start({ PORT: 'eighty' });
    expect(await exitOf(child)).toBe(1);
    expect(child.output()).toContain('PORT must be a whole number from 1 to 65535 (got "eighty")');
  });

  it('refuses to start a production server with the sandbox on', async () => {
    const child = start({ NODE_ENV: 'production', SANDBOX: '1' });
    expect(await exitOf(child)).toBe(1);
    expect(child.output()).toContain('SANDBOX=1 is refused with NODE_ENV=production');
  });

  it('names every bad variable at once', async () => {
    const child = start({
      PORT: '70000',
      LAOS: 'yes',
      DATABASE_URL: 'mysql://db/wallet',
      IP_ALLOW_LIST: '10.0.0.0/33',
    });
    expect(await exitOf(child)).toBe(1);
    const output = child.output();
    for (const variable of ['PORT', 'LAOS', 'DATABASE_URL', 'IP_ALLOW_LIST']) {
      expect(output).toContain(variable);
    }
    expect(output).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });

  it('keeps the automatic sandbox of npm start to loopback, and says so at start', async () => {
    await withServer({ SANDBOX: 'auto' }, async (child, port) => {
      const output = child.output();
      expect(output).toContain(`Server listening at http://127.0.0.1:${port}`);
      expect(output).not.toMatch(/Server listening at http:\/\/(?!127\.0\.0\.1)/);
      expect(output).toContain('listens on 127.0.0.1 only');
      expect(output).toContain('HOST=0.0.0.0 SANDBOX=1');
      expect(output).toContain('SANDBOX IS ON');
      for (const address of outsideAddresses()) {
        await expect(fetch(`http://${address}:${port}/api/health`)).rejects.toThrow();
      }
    });
  });

  it('turns the automatic sandbox off on a server other machines can reach', async () => {
    await withServer({ SANDBOX: 'auto', HOST: '0.0.0.0' }, async (child, port) => {
      expect(child.output()).not.toContain('SANDBOX IS ON');
      const faults = await fetch(`http://127.0.0.1:${port}/api/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target: 'PG', mode: 'fail' }),
      });
      expect(faults.status).toBe(404);
    });
  });

  it('serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wallet-main-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = start({ PORT: String(port), DATA_DIR: dataDir, SANDBOX: '1', HOST: '127.0.0.1' });
    const exited = exitOf(child);
    try {
      const deadline = Date.now() + 30_000;
      while (!child.output().includes('Server listening') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await res.json()).toEqual({ ok: true });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
