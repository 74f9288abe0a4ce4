import type { Variant } from '@wallet/contract/account';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { removeStaleRows } from '../core/housekeeping/housekeeping';
import { Idempotency } from '../core/idempotency/idempotency';
import type { Jobs } from '../core/jobs/jobs';
import { Ledger } from '../core/ledger/ledger';
import { AddressRules } from '../core/settings/address-rules';
import { AmountLimits } from '../core/settings/amount-limits';
import { ServiceState } from '../core/settings/service-state';
import type { Database, Db } from '../db/client';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../lib/counter-store';
import { DirectoryFileStorage, type FileStorage } from '../lib/file-storage';
import { SecretKeyRing } from '../lib/secret-keys';
import { SandboxFaults } from '../providers/sandbox-faults';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as registered (method, URL with its parameters), for the tests that walk
     * them all: bad input on every route, every role on every back-office route.
     */
    routeTable: readonly { method: string; url: string; staff?: string }[];
    config: Config;
    /** The database every repository reads (a transaction is a `Db` too). */
    db: Db;
    database: Database;
    /** Shared with the rate limit and the chat's socket.io adapter; null without REDIS_URL. */
    redis: Redis | null;
    /** Work that finishes later (docs/decisions/0039-jobs.md). */
    jobs: Jobs;
    /** Counts of uses per window (per process, or across processes on Redis). */
    counters: CounterStore;
    variant: Variant;
    /** Every change of money (docs/decisions/0030-ledger.md). */
    ledger: Ledger;
    idempotency: Idempotency;
    serviceState: ServiceState;
    addressRules: AddressRules;
    /** Every amount rule per currency (docs/decisions/0050). */
    amountLimits: AmountLimits;
    /** The sandbox's switches that make its providers fail (every sandbox adapter reads them). */
    faults: SandboxFaults;
    /** Files under UPLOADS_DIR: slips and chat uploads. */
    storage: FileStorage;
    /**
     * The keys that seal secrets kept in the database (game passwords, staff authenticators;
     * docs/decisions/0058): held outside it.
     */
    secrets: SecretKeyRing;
  }
}

export type InfrastructureOptions = {
  config: Config;
  database: Database;
  redis: Redis | null;
  jobs: Jobs;
};

/**
 * What every domain plugin may use, decorated on the app (docs/architecture.md): the
 * configuration, the database, Redis, the job engine, the counters, and the shared machinery
 * of `core/`. Its own periodic work, the housekeeping, is a job like every domain's.
 */
export const infrastructurePlugin = fp(
  async (app: FastifyInstance, { config, database, redis, jobs }: InfrastructureOptions) => {
    const routeTable: { method: string; url: string; staff?: string }[] = [];
    app.addHook('onRoute', (route) => {
      const staff = route.config?.staff;
      for (const method of [route.method].flat()) {
        routeTable.push({ method, url: route.url, ...(staff ? { staff } : {}) });
      }
    });
    app.decorate('routeTable', routeTable);

    const { db } = database;
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', db);
    app.decorate('redis', redis);
    app.decorate('jobs', jobs);
    const counters: CounterStore = redis
      ? new RedisCounterStore(redis, `${config.redisKeyPrefix}counter:`)
      : new MemoryCounterStore();
    app.decorate('counters', counters);
    app.decorate('variant', { laos: config.laos });
    app.decorate('secrets', SecretKeyRing.open(config.gameSecretKeys));
    const idempotency = new Idempotency(db);
    app.decorate('ledger', new Ledger(db));
    app.decorate('idempotency', idempotency);
    app.decorate('serviceState', new ServiceState(db));
    app.decorate(
      'addressRules',
      new AddressRules(db, { members: config.ipAllowList, staff: config.staffIpAllowList }),
    );
    app.decorate('amountLimits', new AmountLimits(db, { paytimzMinimum: config.paytimzMinimum }));
    app.decorate('faults', new SandboxFaults(db));
    app.decorate('storage', new DirectoryFileStorage(config.uploadsDir));

    // Rows no rule reads any more: old keys, sessions, OTP requests.
    await everyReconcileInterval(app, 'housekeeping', async () => {
      await removeStaleRows(db, idempotency);
    });
  },
  { name: 'infrastructure' },
);

/**
 * Registers a domain's periodic sweep: a recurring job every RECONCILE_INTERVAL_MS, run by one
 * process at a time; none when it is 0 (tests call the sweeps directly).
 */
export async function everyReconcileInterval(
  app: FastifyInstance,
  name: string,
  work: () => Promise<void>,
): Promise<void> {
  if (app.config.reconcileIntervalMs <= 0) return;
  await app.jobs.every(name, app.config.reconcileIntervalMs, work);
}
