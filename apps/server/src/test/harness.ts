import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type AppOverrides, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import type { TestDatabase } from './databases';

/**
 * The environment of every test app: sandbox on, logs off, no SPA, and per-IP limits far
 * above what a test file sends (every inject comes from 127.0.0.1). Tests of the limits
 * themselves lower them explicitly.
 */
export const testEnv: Record<string, string> = {
  SANDBOX: '1',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent/web-dist',
  RATE_LIMIT_GLOBAL_PER_MIN: '100000',
  RATE_LIMIT_LOGIN_PER_MIN: '100000',
  RATE_LIMIT_REGISTER_PER_MIN: '100000',
  RATE_LIMIT_OTP_PER_MIN: '100000',
  // Tests play and refresh many rounds with one member; the limit's own test lowers it.
  GAME_CALLS_PER_MINUTE: '10000',
  SLIP_ATTEMPTS_PER_HOUR_PER_IP: '100000',
  // A fixed key, so tests write no key file (docs/decisions/0058); their own test uses files.
  GAME_SECRET_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}`,
  // Tests run the reconciler themselves, and give a silent provider 1 s, not 5 s (still
  // ample on a busy CI machine, where a slow answer must not read as a time-out).
  RECONCILE_INTERVAL_MS: '0',
  GAME_PROVIDER_TIMEOUT_MS: '1000',
};

export type Harness = {
  db: Db;
  /** The default app: Thai variant, sandbox on. */
  app: FastifyInstance;
  /** Another app on the same database (another variant, other limits); closed by `close`. */
  build(env?: Record<string, string>, overrides?: AppOverrides): Promise<FastifyInstance>;
  count(table: PgTable): Promise<number>;
  close(): Promise<void>;
};

/** `env`: the default app's environment beyond testEnv (also the base of `build`'s). */
export async function startHarness(
  target: TestDatabase,
  env: Record<string, string> = {},
): Promise<Harness> {
  const created = await target.create();
  const apps: FastifyInstance[] = [];
  const build = async (more: Record<string, string> = {}, overrides: AppOverrides = {}) => {
    const config = loadConfig({ ...testEnv, ...env, ...more });
    const app = await buildApp(config, { database: created.database, ...overrides });
    apps.push(app);
    return app;
  };
  const app = await build();
  const db = created.database.db;
  return {
    db,
    app,
    build,
    async count(table) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      return row?.n ?? 0;
    },
    async close() {
      for (const each of apps) await each.close();
      await created.drop();
    },
  };
}

export type Reply = {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
};

/** One request through app.inject, the answer parsed as JSON when it is JSON. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    /** The caller's address (127.0.0.1 unless told). */
    remoteAddress?: string;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    body: isJson ? (response.json() as Record<string, unknown>) : { raw: response.body },
    headers: response.headers,
  };
}
