import { Redis } from 'ioredis';
import type { Log } from './log';

/**
 * The one way the server opens Redis (REDIS_URL). Redis holds counters, limits, the sandbox's
 * outbox and the news between processes, never money, so while it is away the API answers at
 * once: a request's command gives up after COMMAND_TIMEOUT_MS and the request is refused
 * SERVICE_UNAVAILABLE (plugins/errors.ts), which the web app retries with the same key.
 */
const COMMAND_TIMEOUT_MS = 1_000;

/** The connection requests use. ioredis reconnects by itself, at most a second apart. */
export function openRedis(url: string, log: Pick<Log, 'warn'>): Redis {
  const redis = new Redis(url, {
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'redis'));
  return redis;
}

/**
 * A connection that subscribes, or publishes for a library that does not await its commands
 * (the socket.io adapter): its commands wait for Redis to come back instead of failing, so a
 * subscription asked for while Redis is away still happens, and no command rejects unheard
 * (under Node's default an unhandled rejection ends the process).
 */
export function listenerOf(redis: Redis, log: Pick<Log, 'warn'>, name: string): Redis {
  const listener = redis.duplicate({ commandTimeout: undefined, maxRetriesPerRequest: null });
  listener.on('error', (error: Error) => log.warn({ err: error }, name));
  return listener;
}

/** Closes a connection, dropping it if Redis is away (QUIT would wait for it). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** A command that failed because Redis is away or too slow, not because it was wrong. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Command timed out' ||
    error.message === 'Connection is closed.'
  );
}
