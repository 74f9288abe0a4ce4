import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PayoutProvider } from '../providers/payouts/payout-provider';
import type { SmsSender } from '../providers/sms/sms-sender';
import { accountDomain } from './account/account.plugin';
import { authDomain } from './auth/auth.plugin';
import { bonusDomain } from './bonus/bonus.plugin';
import { chatDomain } from './chat/chat.plugin';
import { depositDomain } from './deposit/deposit.plugin';
import { deskDomain } from './desk/desk.plugin';
import { gamesDomain } from './games/games.plugin';
import { healthRoutes } from './health/health.route';
import { inviteDomain } from './invite/invite.plugin';
import { lookupDomain } from './lookup/lookup.plugin';
import { otpDomain } from './otp/otp.plugin';
import { promotionsDomain } from './promotions/promotions.plugin';
import { qrDomain } from './qr/qr.plugin';
import { refundDomain } from './refund/refund.plugin';
import { reportsDomain } from './reports/reports.plugin';
import { rewardsDomain } from './rewards/rewards.plugin';
import { sandboxDomain } from './sandbox/sandbox.plugin';
import { settingsDomain } from './settings/settings.plugin';
import { slipDomain } from './slip/slip.plugin';
import { spinDomain } from './spin/spin.plugin';
import { staffDomain } from './staff/staff.plugin';
import { statementDomain } from './statement/statement.plugin';
import { walletDomain } from './wallet/wallet.plugin';

/**
 * The feature domains, each registered after the ones whose services it uses: a domain's plugin
 * builds its repository and service, registers its routes and its jobs (docs/architecture.md).
 */
export const domainsPlugin = fp(
  async (
    app: FastifyInstance,
    options: { sms?: SmsSender | undefined; payouts?: PayoutProvider | undefined },
  ) => {
    await app.register(healthRoutes);
    await app.register(authDomain);
    await app.register(otpDomain, { sms: options.sms });
    await app.register(gamesDomain);
    await app.register(bonusDomain);
    await app.register(rewardsDomain);
    await app.register(lookupDomain);
    await app.register(accountDomain);
    await app.register(refundDomain);
    await app.register(inviteDomain);
    await app.register(depositDomain);
    await app.register(walletDomain, { payouts: options.payouts });
    await app.register(statementDomain);
    await app.register(slipDomain);
    await app.register(qrDomain);
    await app.register(spinDomain);
    await app.register(staffDomain);
    await app.register(deskDomain);
    await app.register(settingsDomain);
    await app.register(promotionsDomain);
    await app.register(reportsDomain);
    await app.register(chatDomain);
    await app.register(sandboxDomain);
  },
  { name: 'domains' },
);
