import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { Jobs } from './core/jobs/jobs';
import { type Database, openDatabase } from './db/client';
import { domainsPlugin } from './domains';
import { closeRedis, openRedis } from './lib/redis';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { infrastructurePlugin } from './plugins/infrastructure';
import { ipAllowListPlugin } from './plugins/ip-allow-list';
import { languagePlugin } from './plugins/language';
import { metricsPlugin } from './plugins/metrics';
import { moneyPlugin } from './plugins/money';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { serverOptions } from './plugins/server-options';
import { serviceSwitchPlugin } from './plugins/service-switch';
import { staffAuthPlugin } from './plugins/staff-auth';
import { textInputPlugin } from './plugins/text-input';
import { loadWebPage, webAppPlugin } from './plugins/web-app';
import type { PayoutProvider } from './providers/payouts/payout-provider';
import type { SmsSender } from './providers/sms/sms-sender';
import { bootstrap } from './seed/bootstrap';

export { DEMO_STAFF } from './domains/staff/staff.plugin';

export type AppOverrides = {
  /**
   * An open database (tests: a fresh PGlite in memory or a fresh PostgreSQL database per
   * file). The app migrates and seeds it but does not close it: its opener does.
   */
  database?: Database;
  /** Replaces the SMS adapter (outside the sandbox there is no real one yet). */
  sms?: SmsSender;
  /** Replaces the payout provider (none is integrated yet: payouts are sent by hand). */
  payouts?: PayoutProvider;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/** The start-up line of a server whose sandbox is on: loud, so nobody misses it. */
export const SANDBOX_WARNING =
  'SANDBOX IS ON: anyone can mint money (POST /api/wallet/add) and read one-time codes (GET /api/sandbox/otp/{phone}). Never run it on real members or money.';

/** The start-up line of `npm start`'s automatic sandbox (the API contract, Running). */
export const SANDBOX_LOOPBACK_NOTICE =
  'The sandbox came on by itself, so the server listens on 127.0.0.1 only: other machines cannot reach it. To expose a sandbox on purpose, start it with HOST=0.0.0.0 SANDBOX=1 (never with real members or money).';

/** Infrastructure plugins, then one plugin per domain, the SPA last (docs/architecture.md). */
export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const ownsDatabase = overrides.database === undefined;
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.databasePoolMax }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  let redis: Redis | null = null;
  // The job engine (docs/decisions/0039), stopped before the database closes.
  let jobs: Jobs | null = null;
  const release = async () => {
    await jobs?.stop();
    if (redis) await closeRedis(redis);
    if (ownsDatabase) await database.close();
  };

  try {
    await database.migrate((db) => bootstrap(db, { sandbox: config.sandbox }));
    const app = Fastify(serverOptions(config, overrides.logStream));
    app.addHook('onClose', release);
    if (config.sandbox) app.log.warn({ sandbox: true }, SANDBOX_WARNING);
    // An unreachable Redis is logged and shows in GET /ready; the process keeps serving.
    redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : null;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    jobs = new Jobs(database, app.log);
    await app.register(infrastructurePlugin, { config, database, redis, jobs });

    // Infrastructure in the order a request meets it (STYLE.md, fastify/demo).
    await app.register(errorsPlugin);
    await app.register(languagePlugin, { fallback: config.laos ? 'la' : 'th' });
    await app.register(securityPlugin, {
      corsOrigins: config.corsOrigins,
      videoOrigins: config.howtoVideoOrigins,
    });
    await app.register(compressionPlugin);
    await app.register(ipAllowListPlugin, { rules: app.addressRules });
    await app.register(serviceSwitchPlugin, { state: app.serviceState });
    await app.register(textInputPlugin);
    await app.register(rateLimitPlugin, {
      globalPerMinute: config.rateLimits.globalPerMinute,
      redis,
      keyPrefix: config.redisKeyPrefix,
    });
    await app.register(metricsPlugin);
    await app.register(authPlugin);
    await app.register(staffAuthPlugin);
    // Before the domains: it documents each route as it is added.
    if (config.apiDocs) await app.register(openApiPlugin);

    await app.register(domainsPlugin, { sms: overrides.sms, payouts: overrides.payouts });
    await app.register(moneyPlugin);

    // Last: the SPA and the answer for every path nothing above claimed.
    await app.register(webAppPlugin, {
      webDist: config.webDist,
      html: await loadWebPage(config.webDist, config.laos),
      backofficeHtml: await loadWebPage(config.webDist, config.laos, 'backoffice.html'),
    });
    await app.ready();
    return app;
  } catch (error) {
    await release();
    throw error;
  }
}
