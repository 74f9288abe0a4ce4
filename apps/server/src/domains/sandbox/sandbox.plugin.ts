import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sandboxRoutes } from './sandbox.route';
import { SandboxService } from './sandbox.service';
import { sandboxGamesRoutes, sandboxPlayRoutes } from './sandbox-games.route';

/**
 * The sandbox's own routes (one-time codes, switches, the games' pretend providers); each
 * domain registers its sandbox routes itself. Nothing outside the sandbox.
 */
export const sandboxDomain = fp(
  async (app: FastifyInstance) => {
    if (!app.sandboxSms) return;
    const sandbox = new SandboxService({
      db: app.db,
      sms: app.sandboxSms,
      serviceState: app.serviceState,
      accounts: app.accounts,
    });
    await app.register(sandboxRoutes, { prefix: '/api/sandbox', sandbox, variant: app.variant });
    await app.register(sandboxGamesRoutes, {
      prefix: '/api/sandbox',
      db: app.db,
      faults: app.faults,
      providers: app.gameProviders,
      games: app.games,
      withdrawals: app.withdrawals,
    });
    await app.register(sandboxPlayRoutes, {
      prefix: '/sandbox/games',
      providers: app.gameProviders,
    });
  },
  { name: 'sandbox', dependencies: ['otp', 'account', 'games', 'wallet'] },
);
