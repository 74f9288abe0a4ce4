import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { ipAllowListOf } from '../core/settings/address-rules';
import { bearerToken, sameDigest, sha256Hex } from '../lib/crypto';
import { DomainError } from '../lib/domain-error';
import { readSnapshot } from './metrics-gauges';
import { WalletMetrics } from './metrics-registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (docs/observability.md): counters, and the meters of outside calls. */
    metrics: WalletMetrics;
  }
}

/** Whether a scraper may read /metrics, and if not, why. */
type Verdict = 'allowed' | 'closed' | 'address' | 'token';

/**
 * METRICS_TOKEN and METRICS_ALLOW_LIST (docs/configuration.md): neither set closes /metrics;
 * each that is set must pass. The address is the connection's own, never X-Forwarded-For:
 * Prometheus scrapes each process directly, so a header could only be a client's lie. The
 * token is compared as a SHA-256 digest in constant time, so neither its bytes nor its length
 * leak through timing.
 */
export function scraperCheck(settings: Config['metrics']): (request: FastifyRequest) => Verdict {
  const { token, allowList } = settings;
  if (token === undefined && allowList.length === 0) return () => 'closed';
  const allowed = ipAllowListOf(allowList);
  const digest = token === undefined ? null : sha256Hex(token);
  return (request) => {
    if (allowed && !allowed(request.socket.remoteAddress ?? '')) return 'address';
    if (digest !== null) {
      const given = bearerToken(request.headers.authorization);
      if (!given || !sameDigest(sha256Hex(given), digest)) return 'token';
    }
    return 'allowed';
  };
}

/**
 * Prometheus metrics at GET /metrics (docs/observability.md): the request histogram (an
 * onResponse hook on every route), the ledger's and the job engine's counters (their
 * observers), and `app.metrics` for the domains' outside calls and SMS. Registered after the
 * rate limit, so that its route can spare allowed scrapers from it while refused ones count.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = new WalletMetrics(async () => {
      try {
        return await readSnapshot(app);
      } catch (error) {
        app.log.error({ err: error }, 'metrics: the gauges could not be read');
        return null;
      }
    });
    app.decorate('metrics', metrics);
    app.ledger.observe(metrics.ledger);
    app.jobs.onFailure((queue) => metrics.jobFailed(queue));
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (`/api/qrcode/:qrcodeId`), never the URL: one series per route.
      const route = request.routeOptions.url;
      metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const check = scraperCheck(app.config.metrics);
    app.get(
      '/metrics',
      {
        config: {
          // Its own allow-list and token stand instead of the members' list and the switch.
          allowAnyIp: true,
          allowWhenTerminated: true,
          rateLimit: { allowList: (request) => check(request) === 'allowed' },
        },
      },
      async (request, reply) => {
        const verdict = check(request);
        if (verdict === 'closed') throw new DomainError('NO_DATA');
        if (verdict === 'address') throw new DomainError('INVALID_IP');
        if (verdict === 'token') {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new DomainError('UNAUTHORIZED');
        }
        const { text, contentType } = await metrics.exposition();
        return reply.type(contentType).send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['infrastructure', 'rate-limit'] },
);
