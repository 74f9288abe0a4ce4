import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GameProviders } from '../../providers/games/game-providers';
import { resealGamePasswords } from './game-passwords';
import { autoLoginRoutes, gameAccountRoutes } from './games.route';
import { GamesService } from './games.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Game accounts, and every member's money details (cached per process). */
    games: GamesService;
    /** The game providers' adapters: only the sandbox has some so far. */
    gameProviders: GameProviders;
  }
}

export const gamesDomain = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app;
    const providers = config.sandbox
      ? GameProviders.sandbox(db, app.faults, config.gameProviderTimeoutMs, app.metrics)
      : new GameProviders([], config.gameProviderTimeoutMs, app.metrics);
    // Game passwords sealed under keys kept outside the database (docs/decisions/0058); rows
    // from before are sealed now.
    const { secrets } = app;
    await resealGamePasswords(db, secrets, { plaintextOnly: true });
    const games = new GamesService({
      db,
      ledger: app.ledger,
      providers,
      secrets,
      counters: app.counters,
      providerCallsPerMinute: config.rateLimits.gameCallsPerMinute,
      log: app.log,
    });
    app.decorate('games', games);
    app.decorate('gameProviders', providers);
    await app.register(gameAccountRoutes, { prefix: '/api/wallet', games });
    await app.register(autoLoginRoutes, { prefix: '/api/autoLogin', games });
  },
  { name: 'games', dependencies: ['infrastructure'] },
);
