import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { DomainError } from '../lib/domain-error';
import { requestLogSerializer } from '../lib/log';
import { sendError } from './errors';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's X-Request-Id is kept when it is a plain token (it ties logs across services). */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** TRUST_PROXY as a hop count means "trust the nearest n proxies". */
function trustProxyOf(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * The client's address as Fastify's `request.ip` has it under TRUST_PROXY, for the requests
 * Fastify does not route: socket.io's handshakes.
 */
export function clientIpOf(setting: Config['trustProxy']): (request: IncomingMessage) => string {
  const trust = trustProxyOf(setting);
  const given = typeof trust === 'boolean' ? () => trust : trust;
  return (request) => proxyAddr(request, given);
}

/** Fastify's own options: the logger, request ids and the proxies trusted. */
export function serverOptions(
  config: Config,
  logStream: { write(line: string): void } | undefined,
): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
        censor: '[redacted]',
      },
      // Game passwords in auto-login paths and link signatures in query strings (lib/log.ts).
      serializers: { req: requestLogSerializer },
      ...(logStream
        ? { stream: logStream }
        : config.logPretty
          ? { transport: { target: 'pino-pretty' } }
          : {}),
    },
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: trustProxyOf(config.trustProxy),
    // A URL whose percent-encoding is broken, or a path parameter past the router's limit,
    // never reaches a route or the error handler: refused like any malformed request, in the
    // contract's envelope rather than Fastify's own body (the contract fuzz test found both).
    frameworkErrors: (error, _request, reply) => {
      sendError(reply, new DomainError('KEY_INVALID', { status: error.statusCode ?? 400 }));
    },
  };
}
