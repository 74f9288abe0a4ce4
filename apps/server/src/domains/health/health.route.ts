import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** For process managers and load balancers: not rate-limited, answered whatever the switch. */
const HealthResponseSchema = z.object({ ok: z.literal(true) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { response: { 200: HealthResponseSchema } },
      config: { rateLimit: false, allowWhenTerminated: true, allowAnyIp: true },
    },
    async () => ({ ok: true as const }),
  );
};
