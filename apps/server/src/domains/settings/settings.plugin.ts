import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressListSettings } from './address-lists';
import { addressListRoutes } from './address-lists.route';
import { ContentSettingsService } from './content-settings';
import { contentSettingsRoutes } from './content-settings.route';
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
    await app.register(addressListRoutes, {
      prefix: '/api/backoffice/settings/ip-allow-lists',
      lists: new AddressListSettings({ db: app.db, audit: app.audit }),
      fixed: { members: app.config.ipAllowList, staff: app.config.staffIpAllowList },
    });
    await app.register(contentSettingsRoutes, {
      prefix: '/api/backoffice/settings/content',
      content: new ContentSettingsService({
        db: app.db,
        audit: app.audit,
        videoOrigins: app.config.howtoVideoOrigins,
      }),
    });
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
