import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OperatorSettings } from './operator-settings';
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
  },
  { name: 'settings', dependencies: ['staff-auth'] },
);
