import { minor } from '@wallet/contract/money';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SignedLinks } from '../../lib/signed-links';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { SandboxSlipVerifier, UnconfiguredSlipVerifier } from '../../providers/slips/slip-verifier';
import {
  SLIP_IMAGE_PATH,
  slipSandboxRoutes,
  slipStatementRoutes,
  slipUploadRoutes,
} from './slip.route';
import { SlipService } from './slip.service';
import {
  SLIP_SWEEP_AFTER_MS,
  SLIP_VERIFY_JOB,
  SlipVerification,
  slipJobOptions,
} from './slip-verification';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposit slips: the money desk credits or refuses the ones the verifier could not decide. */
    slips: SlipService;
  }
}

/**
 * Deposit slips (docs/decisions/0043): stored under UPLOADS_DIR, verified by a job; the
 * sandbox's bank, or no verifier until a slip-verify contract is integrated.
 */
export const slipDomain = fp(
  async (app: FastifyInstance) => {
    const { config, db, jobs, log } = app;
    const limits = config.rateLimits;
    const sandboxSlips = config.sandbox ? new SandboxSlipVerifier(db, app.faults) : null;
    const slips = new SlipService({
      db,
      storage: app.storage,
      links: new SignedLinks({
        db,
        setting: 'slipLinkKey',
        purpose: 'slip',
        path: SLIP_IMAGE_PATH,
        ttlSeconds: 15 * 60,
      }),
      idempotency: app.idempotency,
      counters: app.counters,
      attemptsPerHour: limits.slipAttemptsPerHour,
      attemptsPerHourPerAddress: limits.slipAttemptsPerHourPerAddress,
      // Its queue is made by the worker below, registered before any request comes.
      queue: (slipId) => jobs.send(SLIP_VERIFY_JOB, { slipId }),
      credit: async (transfer) => {
        const credit = await app.ledger.credit(db, {
          source: 'bank',
          reference: transfer.reference,
          memberId: transfer.memberId,
          amount: minor(transfer.amount),
          currency: transfer.currency,
          from: 'deposits',
          into: 'cash',
          type: 'deposit',
          label: { from: 'SLIP', to: WALLET_ACCOUNT },
        });
        await app.rewards.earned({ ...credit, currency: transfer.currency });
        return credit;
      },
      log,
    });
    app.decorate('slips', slips);
    const verification = new SlipVerification({
      db,
      storage: app.storage,
      verifier: sandboxSlips ?? new UnconfiguredSlipVerifier(),
      ledger: app.ledger,
      timeoutMs: config.gameProviderTimeoutMs,
      meter: app.metrics.meter('slip', 'slip'),
      rewards: app.rewards,
      limits: app.amountLimits,
      log,
      member: (memberId) => app.games.readMember(memberId),
      receivingAccounts: (currency) => app.deposits.receivingAccounts(currency),
    });
    await app.register(slipUploadRoutes, { prefix: '/api/wallet', slips });
    await app.register(slipStatementRoutes, { prefix: '/api/statement', slips });
    if (sandboxSlips) {
      await app.register(slipSandboxRoutes, { prefix: '/api/sandbox', verifier: sandboxSlips });
    }
    // The job sent at upload, worked in every process whatever the periodic sweeps' interval
    // (docs/decisions/0039-jobs.md): with RECONCILE_INTERVAL_MS=0 slips are verified all the same.
    await jobs.work<{ slipId: number }>(
      SLIP_VERIFY_JOB,
      (data, attempt) => verification.verify(data.slipId, attempt),
      { ...slipJobOptions(config.slipVerifyRetrySeconds), concurrency: 2 },
    );
    // Slips whose job was lost.
    await everyReconcileInterval(app, 'slips.sweep', async () => {
      const result = await verification.sweep(SLIP_SWEEP_AFTER_MS);
      if (result.verified > 0) log.info(result, 'swept slips');
    });
  },
  { name: 'slip', dependencies: ['games', 'deposit', 'rewards'] },
);
