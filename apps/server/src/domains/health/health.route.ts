import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { errorResponses } from '../../plugins/errors';

/** For process managers and load balancers: not rate-limited, answered whatever the switch. */
const HealthResponseSchema = z.object({ ok: z.literal(true) });
const probe = { rateLimit: false, allowWhenTerminated: true, allowAnyIp: true } as const;

const CHECK_TIMEOUT_MS = 2_000;

/** A dependency's check, given up after CHECK_TIMEOUT_MS: a hung database is not ready. */
async function checked(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health`: the process is alive (a process manager restarts it otherwise). `/ready`: it can
 * serve, its database, Redis (when configured) and job engine answering; a load balancer sends
 * it no traffic otherwise (docs/deploy.md). `/api/health` is the API contract's alias of `/health`.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const alive = async () => ({ ok: true as const });
  for (const url of ['/health', '/api/health']) {
    app.get(url, { schema: { response: { 200: HealthResponseSchema } }, config: probe }, alive);
  }

  app.get(
    '/ready',
    { schema: { response: { 200: HealthResponseSchema, ...errorResponses } }, config: probe },
    async (request) => {
      const results = {
        database: await checked(() => app.database.executeSql('select 1')),
        redis: app.redis ? await checked(() => app.redis?.ping() ?? Promise.resolve()) : true,
        jobs: await checked(() => app.jobs.reachable()),
      };
      const down = Object.entries(results)
        .filter(([, ok]) => !ok)
        .map(([name]) => name);
      if (down.length > 0) {
        request.log.warn({ down }, 'not ready');
        throw new DomainError('SERVICE_UNAVAILABLE');
      }
      return { ok: true as const };
    },
  );
};
