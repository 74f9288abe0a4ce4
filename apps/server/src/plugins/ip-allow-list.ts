import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AddressRules } from '../core/settings/address-rules';
import { DomainError } from '../lib/domain-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers every address (GET /api/health, for process managers). */
    allowAnyIp?: boolean;
  }
}

/**
 * The allow-lists (the spec's roles: a server-side IP restriction exists): the deploy's
 * IP_ALLOW_LIST and STAFF_IP_ALLOW_LIST and the lists admins set in the back office
 * (core/settings/address-rules.ts). An address a list leaves out gets 403 INVALID_IP, for the
 * API and the SPA alike; the staff lists guard the back office only (its calls, its pages, its
 * sign-in). The address is Fastify's request.ip, so TRUST_PROXY decides whether
 * X-Forwarded-For counts.
 */
export const ipAllowListPlugin = fp(
  async (app: FastifyInstance, options: { rules: AddressRules }) => {
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.allowAnyIp) return;
      const path = request.url.split('?')[0] ?? '';
      if (!(await options.rules.allows(request.ip, isBackofficePath(path)))) {
        throw new DomainError('INVALID_IP');
      }
    });
  },
  { name: 'ip-allow-list' },
);

/** The back office's calls and pages. */
export function isBackofficePath(path: string): boolean {
  return /^\/(api\/)?backoffice(\/|\.html$|$)/.test(path);
}
