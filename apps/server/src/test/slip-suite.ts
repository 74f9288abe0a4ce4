import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TestDatabase } from './databases';
import type { Harness } from './harness';
import type { memberWithToken } from './members';
import { expectLedgerInvariants, ledgerBalances, memberIdOf } from './money';
import { useHarness } from './use-harness';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

/** What the deposit slips' suites share (slip*.test.ts), there from their first test on. */
export type SlipSuite = {
  h: Harness;
  /** The harness's app, its pictures kept under `uploads`. */
  app: FastifyInstance;
  uploads: string;
  /** The member's cash in minor units, from the ledger. */
  cash(m: Member): Promise<number>;
};

/**
 * Call it in the body of the suite's `describe`; its fields are set before the first test, and
 * the ledger's invariants are checked after each.
 */
export function useSlipSuite(target: TestDatabase): SlipSuite {
  // Filled in by beforeAll, before any test reads it.
  const suite = {} as SlipSuite;
  // Registered before the harness, so it runs after the harness has closed the app.
  afterAll(async () => {
    if (suite.uploads) await rm(suite.uploads, { recursive: true, force: true });
  });
  beforeAll(async () => {
    suite.uploads = await mkdtemp(join(tmpdir(), 'wallet-slips-'));
  });
  // Every app on the database works the slip jobs, with the periodic sweeps off
  // (RECONCILE_INTERVAL_MS=0, the test default); the verifier retried 1 s apart instead of 30.
  const h = useHarness(target, () => ({
    UPLOADS_DIR: suite.uploads,
    SLIP_VERIFY_RETRY_SECONDS: '1',
    SLIP_ATTEMPTS_PER_HOUR: '1000',
  }));
  suite.h = h;
  suite.cash = async (m) =>
    (await ledgerBalances(h.db, await memberIdOf(h.db, m.username))).cash ?? 0;
  beforeAll(() => {
    suite.app = h.app;
  });
  afterEach(async () => {
    await expectLedgerInvariants(h.db);
  });
  return suite;
}

/** A white PNG with no QR code in it. */
export function blankPng(): Buffer {
  const png = new PNG({ width: 200, height: 300 });
  png.data.fill(255);
  return PNG.sync.write(png);
}
