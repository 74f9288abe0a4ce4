import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { meteredMethods } from '../../lib/metrics';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { ManualPayoutProvider, type PayoutProvider } from '../../providers/payouts/payout-provider';
import { HeldTransfers } from './held-transfers';
import { PayoutOutbox } from './payout-outbox';
import { TransferService } from './transfer.service';
import { walletRoutes } from './wallet.route';
import { WalletService } from './wallet.service';
import { WithdrawalService } from './withdrawal.service';
import { WithdrawalDesk } from './withdrawal-desk';
import { heldTransferRoutes, withdrawalDeskRoutes } from './withdrawal-desk.route';

declare module 'fastify' {
  interface FastifyInstance {
    /** Money between the wallet and the game accounts (docs/decisions/0030-ledger.md). */
    transfers: TransferService;
    withdrawals: WithdrawalService;
    wallet: WalletService;
    payoutOutbox: PayoutOutbox;
  }
}

/** `payouts` replaces the payout provider (outside the sandbox none is integrated yet). */
export const walletDomain = fp(
  async (app: FastifyInstance, options: { payouts?: PayoutProvider | undefined }) => {
    const { config, db, ledger, log } = app;
    const transfers = new TransferService({
      db,
      ledger,
      games: app.games,
      providers: app.gameProviders,
      limits: app.amountLimits,
      log,
    });
    const outbox = new PayoutOutbox({
      db,
      payouts: meteredMethods(
        options.payouts ?? new ManualPayoutProvider(),
        ['submit'],
        app.metrics.meter('payout', 'payout'),
      ),
      log,
    });
    const withdrawals = new WithdrawalService({
      db,
      ledger,
      outbox,
      bonusRunning: app.bonusRunning,
      limits: app.amountLimits,
      bankCountry: (code) => app.lookup.bankCountry(code),
    });
    const wallet = new WalletService({
      db,
      ledger,
      idempotency: app.idempotency,
      accounts: app.accounts,
      games: app.games,
      transfers,
      withdrawals,
      deposits: app.deposits,
      rewards: app.rewards,
      inviteSummary: (memberId) => app.invites.summary(memberId),
    });
    app.decorate('transfers', transfers);
    app.decorate('withdrawals', withdrawals);
    app.decorate('wallet', wallet);
    app.decorate('payoutOutbox', outbox);
    await app.register(walletRoutes, { prefix: '/api/wallet', wallet, sandbox: config.sandbox });
    const desk = new WithdrawalDesk({
      db,
      audit: app.audit,
      outbox,
      withdrawals,
      bonusOf: (memberId) => app.bonuses.runningOf(memberId),
      flagsOf: (memberId) => app.memberDesk.flagsOf(memberId),
      staff: app.staffService,
      now: () => new Date(),
    });
    await app.register(withdrawalDeskRoutes, { prefix: '/api/backoffice/withdrawals', desk });
    const held = new HeldTransfers({ db, ledger, transfers });
    await app.register(heldTransferRoutes, { prefix: '/api/backoffice/transfers', held });
    // Payouts the provider has not taken (a crash, an error), once RECONCILE_GRACE_MS old.
    await everyReconcileInterval(app, 'payouts.resend', async () => {
      const result = await outbox.sweep(config.reconcileGraceMs);
      if (result.sent > 0 || result.left > 0) log.info(result, 'payouts handed over again');
    });
    // Transfers whose provider call has no answer yet, once RECONCILE_GRACE_MS old.
    await everyReconcileInterval(app, 'transfers.reconcile', async () => {
      const result = await transfers.reconcile(config.reconcileGraceMs);
      if (result.settled > 0 || result.pending > 0) log.info(result, 'reconciled transfers');
    });
  },
  { name: 'wallet', dependencies: ['account', 'deposit', 'invite', 'lookup', 'staff-auth'] },
);
