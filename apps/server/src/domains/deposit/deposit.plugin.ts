import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { meteredMethods } from '../../lib/metrics';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { SandboxGiftLinks, UnconfiguredGiftLinks } from '../../providers/truemoney/gift-links';
import { depositLookupRoutes, depositSandboxRoutes } from './deposit.route';
import { DepositService } from './deposit.service';

declare module 'fastify' {
  interface FastifyInstance {
    deposits: DepositService;
  }
}

export const depositDomain = fp(
  async (app: FastifyInstance) => {
    const { config, log } = app;
    // The sandbox's TrueMoney, or none until a TrueMoney contract is integrated.
    const sandboxGiftLinks = config.sandbox ? new SandboxGiftLinks(app.db) : null;
    const deposits = new DepositService({
      db: app.db,
      member: (memberId) => app.games.member(memberId),
      ledger: app.ledger,
      giftLinks: meteredMethods(
        sandboxGiftLinks ?? new UnconfiguredGiftLinks(),
        ['inspect', 'redeem'],
        app.metrics.meter('truemoney', 'truemoney'),
      ),
      counters: app.counters,
      giftLinkAttemptsPerHour: config.rateLimits.giftLinkAttemptsPerHour,
      rewards: app.rewards,
      limits: app.amountLimits,
      bonusRunning: app.bonusRunning,
      log,
      memberByBankAccount: (bankCode, accountNo) =>
        app.accounts.memberByBankAccount(bankCode, accountNo),
    });
    app.decorate('deposits', deposits);
    await app.register(depositLookupRoutes, { prefix: '/api/lookup', deposits });
    if (sandboxGiftLinks) {
      await app.register(depositSandboxRoutes, {
        prefix: '/api/sandbox',
        deposits,
        giftLinks: sandboxGiftLinks,
      });
    }
    // Gift links whose request died between their claim and their credit.
    await everyReconcileInterval(app, 'deposits.settle-gift-links', async () => {
      const result = await deposits.settleGiftLinks(config.reconcileGraceMs);
      if (result.settled > 0) log.info(result, 'settled gift links');
    });
  },
  { name: 'deposit', dependencies: ['account', 'rewards'] },
);
