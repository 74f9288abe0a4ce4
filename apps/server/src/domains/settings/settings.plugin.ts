import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GameProviderSettings } from './game-provider-settings';
import { OperatorAccounts } from './operator-accounts';
import { operatorAccountsRoutes } from './operator-accounts.route';
import { OperatorSettings } from './operator-settings';
import { QrSecretSettings } from './qr-secret-settings';
import { settingsRoutes } from './settings.route';

/** The operator's settings, changed in the back office (docs/backoffice.md, "Settings"). */
export const settingsDomain = fp(
  async (app: FastifyInstance) => {
    const settings = new OperatorSettings({
      db: app.db,
      audit: app.audit,
      amountLimits: app.amountLimits,
    });
    await app.register(settingsRoutes, { prefix: '/api/backoffice/settings', settings });
    // Issue 33: the accounts members pay into, the game providers and the QR callback secrets.
    const { db, audit } = app;
    await app.register(operatorAccountsRoutes, {
      prefix: '/api/backoffice/settings',
      accounts: new OperatorAccounts({ db, audit }),
      games: new GameProviderSettings({ db, audit }),
      secrets: new QrSecretSettings({ db, audit, graceSeconds: app.config.qrSecretGraceSeconds }),
    });
  },
  { name: 'settings', dependencies: ['staff-auth'] },
);
