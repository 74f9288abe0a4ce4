import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lookupRoutes } from './lookup.route';
import { LookupService } from './lookup.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Banks, sources, limits and switches: the reference data other domains check against. */
    lookup: LookupService;
  }
}

export const lookupDomain = fp(
  async (app: FastifyInstance) => {
    const lookup = new LookupService({
      db: app.db,
      variant: app.variant,
      serviceState: app.serviceState,
      limits: app.amountLimits,
      member: (memberId) => app.games.member(memberId),
    });
    app.decorate('lookup', lookup);
    await app.register(lookupRoutes, { prefix: '/api/lookup', lookup });
  },
  { name: 'lookup', dependencies: ['games'] },
);
