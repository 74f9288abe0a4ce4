import { BlockList } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseIpRule } from '../config';
import { DomainError } from '../lib/domain-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers every address (GET /api/health, for process managers). */
    allowAnyIp?: boolean;
  }
}

/**
 * IP_ALLOW_LIST (the spec's roles: a server-side IP restriction exists). Empty: every address
 * is allowed. Otherwise any other address gets 403 INVALID_IP, for the API and the SPA alike.
 * The address is Fastify's request.ip, so TRUST_PROXY decides whether X-Forwarded-For counts.
 */
export const ipAllowListPlugin = fp(
  async (app: FastifyInstance, options: { rules: string[]; staffRules?: string[] }) => {
    const allowed = ipAllowListOf(options.rules);
    const staffAllowed = ipAllowListOf(options.staffRules ?? []);
    if (allowed) {
      app.addHook('onRequest', async (request) => {
        if (request.routeOptions.config?.allowAnyIp) return;
        if (!allowed(request.ip)) throw new DomainError('INVALID_IP');
      });
    }
    // STAFF_IP_ALLOW_LIST: the back office (its calls, its pages, its sign-in) from the
    // operator's own networks only; members are not affected.
    if (staffAllowed) {
      app.addHook('onRequest', async (request) => {
        const path = request.url.split('?')[0] ?? '';
        if (!isBackofficePath(path) || staffAllowed(request.ip)) return;
        throw new DomainError('INVALID_IP');
      });
    }
  },
  { name: 'ip-allow-list' },
);

/** The back office's calls and pages. */
export function isBackofficePath(path: string): boolean {
  return /^\/(api\/)?backoffice(\/|\.html$|$)/.test(path);
}

/** IP_ALLOW_LIST as a test of one address; null when the list is empty (all allowed). */
export function ipAllowListOf(rules: readonly string[]): ((ip: string) => boolean) | null {
  const list = blockListOf(rules);
  return list ? (ip) => isAllowed(list, ip) : null;
}

function blockListOf(rules: readonly string[]): BlockList | null {
  if (rules.length === 0) return null;
  const list = new BlockList();
  for (const rule of rules) {
    const parsed = parseIpRule(rule);
    if (!parsed) throw new Error(`IP_ALLOW_LIST: "${rule}" is not an IP address or CIDR range`);
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

function isAllowed(list: BlockList, ip: string): boolean {
  // Dual-stack sockets report IPv4 clients as ::ffff:a.b.c.d; match them as IPv4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return list.check(mapped[1], 'ipv4');
  return list.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4');
}
