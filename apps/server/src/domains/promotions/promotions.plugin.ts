import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PromotionSettings } from './promotion-settings';
import { promotionSettingsRoutes } from './promotion-settings.route';

/** The promotions an operator sets in the back office (docs/backoffice.md, "Promotions"). */
export const promotionsDomain = fp(
  async (app: FastifyInstance) => {
    await app.register(promotionSettingsRoutes, {
      prefix: '/api/backoffice/promotions',
      promotions: new PromotionSettings({ db: app.db, audit: app.audit }),
    });
  },
  { name: 'promotions', dependencies: ['staff-auth'] },
);
