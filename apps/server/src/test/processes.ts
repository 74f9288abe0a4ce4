import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { createPostgresDatabase } from './databases';
import { testEnv } from './harness';

export type TwoProcesses = {
  /** Two server apps, each with its own connection pool, as two processes would have. */
  servers: [FastifyInstance, FastifyInstance];
  /** A connection of the test's own, to look at what they did. */
  db: Db;
  close(): Promise<void>;
};

/**
 * Races need real connections (PGlite has one and serialises everything): two apps on a fresh
 * PostgreSQL database of the server at `adminUrl`, dropped by `close`. `env` adds to both
 * processes' environment (e.g. REDIS_URL).
 */
export async function startTwoProcesses(
  adminUrl: string,
  env: Record<string, string> = {},
): Promise<TwoProcesses> {
  const created = await createPostgresDatabase(adminUrl);
  const config = loadConfig({
    ...testEnv,
    DATABASE_URL: created.url,
    DATABASE_POOL_MAX: '10',
    ...env,
  });
  const servers: [FastifyInstance, FastifyInstance] = [
    await buildApp(config),
    await buildApp(config),
  ];
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolMax: 2 });
  return {
    servers,
    db: database.db,
    async close() {
      for (const server of servers) await server.close();
      await database.close();
      await created.drop();
    },
  };
}
