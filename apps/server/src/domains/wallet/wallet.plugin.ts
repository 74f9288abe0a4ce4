import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { ManualPayoutProvider } from '../../providers/payouts/payout-provider';
import { HeldTransfers } from './held-transfers';
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
  }
}

export const walletDomain = fp(
  async (app: FastifyInstance) => {
    const { config, db, ledger, log } = app;
    const transfers = new TransferService({
      db,
      ledger,
      games: app.games,
      providers: app.gameProviders,
      limits: app.amountLimits,
      log,
    });
    const payouts = new ManualPayoutProvider();
    const withdrawals = new WithdrawalService({
      db,
      ledger,
      payouts,
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
    await app.register(walletRoutes, { prefix: '/api/wallet', wallet, sandbox: config.sandbox });
    const desk = new WithdrawalDesk({
      db,
      audit: app.audit,
      payouts,
      withdrawals,
      bonusRunning: app.bonusRunning,
      staff: app.staffService,
      now: () => new Date(),
    });
    await app.register(withdrawalDeskRoutes, { prefix: '/api/backoffice/withdrawals', desk });
    const held = new HeldTransfers({ db, ledger, transfers });
    await app.register(heldTransferRoutes, { prefix: '/api/backoffice/transfers', held });
    // Transfers whose provider call has no answer yet, once RECONCILE_GRACE_MS old.
    await everyReconcileInterval(app, 'transfers.reconcile', async () => {
      const result = await transfers.reconcile(config.reconcileGraceMs);
      if (result.settled > 0 || result.pending > 0) log.info(result, 'reconciled transfers');
    });
  },
  { name: 'wallet', dependencies: ['account', 'deposit', 'invite', 'lookup', 'staff-auth'] },
);
