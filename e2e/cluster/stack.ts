import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { query } from '../../apps/server/src/test/crash-load';

const root = resolve(import.meta.dirname, '../..');

/** What a running stack tells the tests (through the environment, to Playwright's workers). */
export type StackInfo = {
  /** nginx's HTTPS origin: what members and staff use. */
  origin: string;
  /** nginx's plain-HTTP origin: only redirects. */
  httpOrigin: string;
  /** Each server process's own origin, behind nginx's back (as a load balancer's probe). */
  processes: string[];
  databaseUrl: string;
  /** Where every log line of the run goes: the processes' and nginx's. */
  logDir: string;
};

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((next) => setTimeout(next, 200));
  }
}

/**
 * A self-signed pair for 127.0.0.1 and localhost in `dir` (tls.crt, tls.key), as
 * deploy/tls/ makes for local use. A Node client trusts it through NODE_EXTRA_CA_CERTS.
 */
export function makeTlsPair(dir: string): string {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'tls.key'),
      '-out',
      join(dir, 'tls.crt'),
    ],
    { stdio: 'ignore' },
  );
  return dir;
}

/** `${NAME}` of the template's own variables, as the nginx image's envsubst fills them. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(WALLET_[A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for ${name}`);
    return value;
  });
}

/**
 * The production shape on one machine (docs/deploy.md): `count` server processes on a fresh
 * database of the machine's PostgreSQL and on its Redis, the sandbox on, behind Debian's nginx
 * with the committed site template (deploy/nginx) and a self-signed TLS pair.
 */
export class Stack {
  private readonly children: (ChildProcess | null)[] = [];
  private nginx: ChildProcess | null = null;
  private readonly ports: number[] = [];
  private readonly env: Record<string, string>;

  private constructor(
    private readonly dir: string,
    private readonly adminUrl: string,
    private readonly databaseName: string,
    readonly info: StackInfo,
    redisUrl: string,
    private readonly tlsDir: string | undefined,
  ) {
    this.env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      HOST: '127.0.0.1',
      DATABASE_URL: info.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `cluster-${databaseName}:`,
      SANDBOX: '1',
      NODE_ENV: 'test',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      DATA_DIR: join(dir, 'data'),
      // One machine plays every member of the load: the per-address limits are a NAT's.
      RATE_LIMIT_GLOBAL_PER_MIN: '100000',
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
      RATE_LIMIT_REGISTER_PER_MIN: '100000',
      RATE_LIMIT_OTP_PER_MIN: '100000',
      // Sessions cached a minute: only the revocation published on Redis ends one at once.
      SESSION_CACHE_MS: '60000',
      // Transfers a killed process left pending are settled within seconds.
      RECONCILE_INTERVAL_MS: '500',
      RECONCILE_GRACE_MS: '2000',
      GAME_PROVIDER_TIMEOUT_MS: '1000',
    };
  }

  /** `tlsDir`: a pair made by `makeTlsPair` before the test runner started (it trusts it). */
  static async start(count = 2, tlsDir = process.env.CLUSTER_TLS_DIR): Promise<Stack> {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-cluster-'));
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const databaseName = `wallet_cluster_${randomBytes(4).toString('hex')}`;
    await query(adminUrl, `create database ${databaseName}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;

    const [https, http] = [await freePort(), await freePort()];
    const processPorts = await Promise.all(Array.from({ length: count }, freePort));
    const logDir = join(dir, 'logs');
    mkdirSync(logDir);
    const info: StackInfo = {
      origin: `https://127.0.0.1:${https}`,
      httpOrigin: `http://127.0.0.1:${http}`,
      processes: processPorts.map((port) => `http://127.0.0.1:${port}`),
      databaseUrl: databaseUrl.toString(),
      logDir,
    };
    const stack = new Stack(dir, adminUrl, databaseName, info, redisUrl, tlsDir);
    stack.ports.push(...processPorts);
    try {
      // The first process migrates and seeds; the others start once it has, as a rolling
      // deploy would (starting them together is the advisory lock's test, database.test.ts).
      for (let i = 0; i < count; i++) await stack.startProcess(i);
      await stack.startNginx(https, http);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** Starts (or restarts) process `i` and waits until it is ready. */
  async startProcess(i: number): Promise<void> {
    const log = createWriteStream(join(this.info.logDir, `server-${i}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: { ...this.env, PORT: String(this.ports[i]) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.children[i] = child;
    const origin = this.info.processes[i];
    await until(`server process ${i}`, async () => (await fetch(`${origin}/ready`)).ok);
  }

  /** SIGKILL: no shutdown, no finished requests, as when a machine dies. */
  kill(i: number): void {
    this.children[i]?.kill('SIGKILL');
    this.children[i] = null;
  }

  /** SIGTERM, as a rolling restart stops a process: it finishes what it started, then exits. */
  async stopProcess(i: number): Promise<void> {
    const child = this.children[i];
    this.children[i] = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 12_000))]);
  }

  private async startNginx(https: number, http: number): Promise<void> {
    const conf = join(this.dir, 'nginx');
    mkdirSync(join(conf, 'tmp'), { recursive: true });
    mkdirSync(join(conf, 'cache'));
    const tls = this.tlsDir ?? makeTlsPair(conf);
    const site = fillTemplate(
      readFileSync(join(root, 'deploy/nginx/wallet.conf.template'), 'utf8'),
      {
        WALLET_UPSTREAM_SERVERS: this.ports.map((port) => `server 127.0.0.1:${port};`).join(' '),
        WALLET_HTTP_PORT: String(http),
        WALLET_HTTPS_PORT: String(https),
        WALLET_TLS_CERT: join(tls, 'tls.crt'),
        WALLET_TLS_KEY: join(tls, 'tls.key'),
        WALLET_ACCESS_LOG: join(this.info.logDir, 'nginx-access.log'),
        WALLET_CACHE_DIR: join(conf, 'cache'),
      },
    );
    writeFileSync(join(conf, 'wallet.conf'), site);
    const temp = (name: string) => `${name}_temp_path ${join(conf, 'tmp', name)};`;
    writeFileSync(
      join(conf, 'nginx.conf'),
      [
        // Run as root (CI), nginx's workers would switch to a user who cannot write here.
        process.getuid?.() === 0 ? `user ${userInfo().username};` : '',
        'daemon off;',
        'worker_processes 2;',
        `pid ${join(conf, 'nginx.pid')};`,
        `error_log ${join(this.info.logDir, 'nginx-error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        `  include ${join(conf, 'wallet.conf')};`,
        '}',
      ].join('\n'),
    );
    const nginxLog = createWriteStream(join(this.info.logDir, 'nginx-stderr.log'));
    // Debian keeps nginx in /usr/sbin, which a user's PATH may lack.
    const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
    this.nginx = spawn(nginx, ['-p', conf, '-c', join(conf, 'nginx.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.nginx.stdout?.pipe(nginxLog);
    this.nginx.stderr?.pipe(nginxLog);
    const exited = new Promise<never>((_, fail) =>
      this.nginx?.once('exit', (code) =>
        fail(
          new Error(
            `nginx exited (${code}): ${readFileSync(join(this.info.logDir, 'nginx-stderr.log'), 'utf8')}`,
          ),
        ),
      ),
    );
    await Promise.race([
      exited,
      until(
        'nginx',
        async () =>
          (await fetch(`${this.info.httpOrigin}/`, { redirect: 'manual' })).status === 308,
      ),
    ]);
  }

  async stop(): Promise<void> {
    this.nginx?.kill('SIGTERM');
    await Promise.all(this.children.map((_, i) => this.stopProcess(i)));
    await query(this.adminUrl, `drop database if exists ${this.databaseName} with (force)`);
    // CLUSTER_KEEP_LOGS=1 keeps the run's logs (and the rest) to read after a failure.
    if (process.env.CLUSTER_KEEP_LOGS === '1') process.stdout.write(`logs: ${this.info.logDir}\n`);
    else rmSync(this.dir, { recursive: true, force: true });
  }
}
