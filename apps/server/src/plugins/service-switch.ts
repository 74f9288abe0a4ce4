import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceState } from '../core/settings/service-state';
import { DomainError } from '../lib/domain-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route still answers while the service is terminated: GET /api/lookup/active, the
     * lookups the closed page needs (info, contact), health and the sandbox.
     */
    allowWhenTerminated?: boolean;
  }
}

/**
 * The API contract: while the operator has closed the service, every member's API call answers
 * 410 TERMINATED. The SPA itself is still served so that it can show /terminated, and the back
 * office keeps working: staff reopen the service from there.
 */
export const serviceSwitchPlugin = fp(
  async (app: FastifyInstance, options: { state: ServiceState }) => {
    app.addHook('onRequest', async (request) => {
      if (!/^\/api(\/|\?|$)/.test(request.url)) return;
      if (/^\/api\/backoffice(\/|\?|$)/.test(request.url)) return;
      if (request.routeOptions.config?.allowWhenTerminated) return;
      if (await options.state.isTerminated()) throw new DomainError('TERMINATED');
    });
  },
  { name: 'service-switch' },
);
