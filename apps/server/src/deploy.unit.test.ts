import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from './config';
import { SecretKeyRing } from './lib/secret-keys';
import { repoRoot } from './paths';

/**
 * The packaging of deploy/ (docs/deploy.md), checked without a Docker daemon: compose.yaml
 * interpolated as Compose does it and validated against the Compose Specification's own JSON
 * schema (deploy/schema), the servers' environment it makes loaded by the real loadConfig, and
 * the wiring between the services, the Dockerfile and nginx's template that no schema sees.
 */

const deploy = (file: string) => readFileSync(resolve(repoRoot, 'deploy', file), 'utf8');

type Env = Record<string, string>;
type Node = Record<string, unknown>;
type Service = {
  build?: { dockerfile?: string };
  environment?: Env;
  env_file?: string | string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
};
type Compose = {
  name?: string;
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};

/** KEY=value lines, as Compose reads .env and env_file files (comments and blanks skipped). */
function dotenv(text: string): Env {
  const env: Env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1] !== undefined) env[match[1]] = match[2] ?? '';
  }
  return env;
}

/** Compose's interpolation (compose-spec 12-interpolation.md) of one value. */
function interpolate(value: string, env: Env): string {
  const pattern =
    /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;
  return value.replace(pattern, (_all, dollar, braced, operator, argument, bare) => {
    if (dollar) return '$';
    const name: string = braced ?? bare;
    const set = name in env;
    const filled = set && env[name] !== '';
    const present = operator?.startsWith(':') ? filled : set;
    const given = interpolate(argument ?? '', env);
    switch (operator?.replace(':', '')) {
      case '-':
        return present ? (env[name] ?? '') : given;
      case '+':
        return present ? given : '';
      case '?':
        if (!present) throw new Error(`required variable ${name} is missing a value: ${given}`);
        return env[name] ?? '';
      default:
        return env[name] ?? '';
    }
  });
}

/** Interpolates every value (never a key) of a parsed Compose file. */
function interpolateAll(node: unknown, env: Env): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env));
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env)]),
    );
  }
  return node;
}

/** Compose's merge of an override, for mappings (compose.sandbox.yaml has nothing else). */
function merge(base: unknown, override: unknown): unknown {
  if (!isMapping(base) || !isMapping(override)) return override;
  const merged: Node = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = merge(base[key], value);
  return merged;
}

const isMapping = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The example .env with a password filled in, as an operator would. */
const composeEnv = (): Env => ({
  ...dotenv(deploy('compose.env.example')),
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6',
});

function load(files: string[], env: Env): Compose {
  const parsed = files.map((file) => interpolateAll(parse(deploy(file), { merge: true }), env));
  return parsed.reduce((all, next) => merge(all, next)) as Compose;
}

/** The runtime stage's instructions, continuation lines joined. */
function runtimeStage(): string[] {
  const lines = deploy('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  const from = lines.findLastIndex((line) => line.startsWith('FROM '));
  return lines.slice(from);
}

function imageEnv(): Env {
  const env: Env = {};
  for (const line of runtimeStage().filter((l) => l.startsWith('ENV '))) {
    for (const [, key, value] of line.slice(4).matchAll(/([A-Z_]+)=(\S+)/g)) {
      if (key && value) env[key] = value;
    }
  }
  return env;
}

/** What a server process of `service` sees: the image's ENV, then env_file, then environment. */
function processEnv(compose: Compose, service: string, walletEnv: Env): Env {
  const spec = compose.services[service];
  expect(spec?.env_file).toBe('wallet.env');
  return { ...imageEnv(), ...walletEnv, ...spec?.environment };
}

const appServices = (compose: Compose) =>
  Object.entries(compose.services)
    .filter(([, spec]) => spec.build?.dockerfile === 'deploy/Dockerfile')
    .map(([name]) => name);

const aKey = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

describe('deploy/compose.yaml', () => {
  it('is a valid Compose file by the Compose Specification schema, with the sandbox demo too', () => {
    // The schema is draft-07 (Ajv's own), named by an https address Ajv does not know by that name.
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
    const validate = ajv.compile(JSON.parse(deploy('schema/compose-spec.json')));
    for (const files of [['compose.yaml'], ['compose.yaml', 'compose.sandbox.yaml']]) {
      const valid = validate(load(files, composeEnv()));
      expect(validate.errors ?? [], files.join(' + ')).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it('refuses to start without the database password', () => {
    const env = { ...composeEnv(), POSTGRES_PASSWORD: '' };
    expect(() => load(['compose.yaml'], env)).toThrow(/POSTGRES_PASSWORD/);
  });

  it('writes no secret: they come from .env and wallet.env', () => {
    const raw = parse(deploy('compose.yaml'), { merge: true }) as Compose;
    for (const spec of Object.values(raw.services)) {
      for (const [key, value] of Object.entries(spec.environment ?? {})) {
        if (/SECRET|TOKEN|PASSWORD|KEYS|DATABASE_URL/.test(key)) {
          expect(value, key).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
        }
      }
    }
    const dockerignore = readFileSync(resolve(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(dockerignore).toEqual(expect.arrayContaining(['deploy', '**/.env', '**/*.env']));
  });

  it("gives every server process an environment the server's loadConfig takes, sandbox off", () => {
    const compose = load(['compose.yaml'], composeEnv());
    const walletEnv = { ...dotenv(deploy('wallet.env.example')), GAME_SECRET_KEYS: aKey };
    const apps = appServices(compose);
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const app of apps) {
      const config = loadConfig(processEnv(compose, app, walletEnv));
      expect(config).toMatchObject({
        sandbox: false,
        trustProxy: 1,
        host: '0.0.0.0',
        port: 3000,
        dataDir: '/var/lib/wallet',
        uploadsDir: '/var/lib/wallet/uploads',
        databaseUrl: 'postgres://wallet:a1b2c3d4e5f6a1b2c3d4e5f6@postgres:5432/wallet',
        redisUrl: 'redis://redis:6379',
        staffIpAllowList: [],
      });
      expect(config.gameSecretKeys).toMatchObject({ kind: 'list' });
    }
  });

  it('stops a process whose wallet.env has no game secret key (production makes none)', () => {
    const compose = load(['compose.yaml'], composeEnv());
    const env = processEnv(compose, 'app1', dotenv(deploy('wallet.env.example')));
    expect(env.NODE_ENV).toBe('production');
    const config = loadConfig(env);
    expect(() => SecretKeyRing.open(config.gameSecretKeys)).toThrow(/no game secret key/);
  });

  it('runs the sandbox only in the demo override, under its own project and volumes', () => {
    const walletEnv = { ...dotenv(deploy('wallet.env.example')), GAME_SECRET_KEYS: aKey };
    const production = load(['compose.yaml'], composeEnv());
    const forced = { ...processEnv(production, 'app1', walletEnv), SANDBOX: '1' };
    expect(() => loadConfig(forced)).toThrow(ConfigError);

    const demo = load(['compose.yaml', 'compose.sandbox.yaml'], composeEnv());
    expect(demo.name).not.toBe(production.name);
    for (const app of appServices(demo)) {
      expect(loadConfig(processEnv(demo, app, walletEnv)).sandbox, app).toBe(true);
    }
  });

  it('starts the servers after PostgreSQL and Redis answer, and nginx after the servers are ready', () => {
    const compose = load(['compose.yaml'], composeEnv());
    for (const [name, spec] of Object.entries(compose.services)) {
      for (const [target, { condition }] of Object.entries(spec.depends_on ?? {})) {
        expect(compose.services[target], `${name} → ${target}`).toBeDefined();
        if (condition === 'service_healthy') {
          expect(compose.services[target]?.healthcheck?.test, target).toBeDefined();
        }
      }
    }
    for (const app of appServices(compose)) {
      expect(compose.services[app]?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(compose.services[app]?.healthcheck?.test.join(' ')).toContain(
        'http://127.0.0.1:3000/ready',
      );
      expect(compose.services.nginx?.depends_on?.[app]).toEqual({
        condition: 'service_healthy',
      });
    }
  });

  it('sends nginx to every server process and fills every variable of its template', () => {
    const compose = load(['compose.yaml'], composeEnv());
    const nginx = compose.services.nginx as Service;
    const env = nginx.environment ?? {};
    const upstreams = [...(env.WALLET_UPSTREAM_SERVERS ?? '').matchAll(/server (\S+?):(\d+);/g)];
    expect(upstreams.map(([, host]) => host).sort()).toEqual(appServices(compose).sort());
    for (const [, host, port] of upstreams) {
      expect(compose.services[host ?? '']?.environment?.PORT).toBe(port);
    }

    const template = deploy('nginx/wallet.conf.template');
    const wanted = new Set([...template.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map(([, v]) => v));
    const filter = new RegExp(env.NGINX_ENVSUBST_FILTER ?? '');
    expect(wanted.size).toBeGreaterThan(0);
    for (const variable of wanted) {
      expect(env[variable ?? ''], variable).toBeTruthy();
      expect(variable).toMatch(filter);
    }
    // Named default.conf, the rendered site replaces the image's own default server.
    expect(nginx.volumes).toContain(
      './nginx/wallet.conf.template:/etc/nginx/templates/default.conf.template:ro',
    );
    const tls = nginx.volumes?.find((v) => v.startsWith('./tls:'));
    expect(tls).toBe('./tls:/etc/nginx/tls:ro');
    expect(env.WALLET_TLS_CERT).toMatch(/^\/etc\/nginx\/tls\//);
    expect(env.WALLET_TLS_KEY).toMatch(/^\/etc\/nginx\/tls\//);
    // The redirect to HTTPS names the port nginx listens on, so it must be the one published.
    expect(nginx.ports).toEqual([
      `${env.WALLET_HTTP_PORT}:${env.WALLET_HTTP_PORT}`,
      `${env.WALLET_HTTPS_PORT}:${env.WALLET_HTTPS_PORT}`,
    ]);
    const published = Object.entries(compose.services).filter(([, s]) => s.ports !== undefined);
    expect(published.map(([name]) => name)).toEqual(['nginx']);
  });

  it('shares one volume holding the uploads between the processes, as the image declares it', () => {
    const compose = load(['compose.yaml'], composeEnv());
    const stage = runtimeStage();
    const dataDir = imageEnv().DATA_DIR ?? '';
    expect(stage).toContain(`VOLUME ["${dataDir}"]`);
    const mounts = appServices(compose).map((app) => compose.services[app]?.volumes);
    expect(new Set(mounts.map((m) => JSON.stringify(m))).size).toBe(1);
    const [volume, target] = (mounts[0]?.[0] ?? '').split(':');
    expect(target).toBe(dataDir);
    expect(compose.volumes).toHaveProperty(volume ?? '');
    expect(compose.services.app1?.environment?.UPLOADS_DIR?.startsWith(`${target}/`)).toBe(true);
  });
});

describe('deploy/Dockerfile', () => {
  it('runs the built server as an unprivileged user in production, with a health check', () => {
    const stage = runtimeStage();
    expect(imageEnv().NODE_ENV).toBe('production');
    expect(stage.filter((l) => l.startsWith('USER ')).at(-1)).toMatch(/^USER (?!root|0\b)\S+/);
    expect(stage.find((l) => l.startsWith('HEALTHCHECK '))).toContain('/health');
    expect(stage.find((l) => l.startsWith('CMD '))).toContain('apps/server/dist/main.js');
    expect(stage.find((l) => l.startsWith('EXPOSE '))).toBe(`EXPOSE ${imageEnv().PORT}`);
    // What src/paths.ts reads at run time: the migrations and the web build beside the bundle.
    for (const path of ['apps/server/drizzle', 'apps/server/dist', 'apps/web/dist']) {
      expect(
        stage.some((l) => l.startsWith('COPY ') && l.endsWith(` ${path}`)),
        path,
      ).toBe(true);
    }
    expect(stage.find((l) => l.startsWith('RUN npm ci'))).toContain('--omit=dev');
  });
});
