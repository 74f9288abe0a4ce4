import {
  ActivateGameResponseSchema,
  AutoLoginParamsSchema,
  AutoLoginResponseSchema,
  GameAccountResponseSchema,
  GameParamsSchema,
  ResetGamePasswordResponseSchema,
} from '@wallet/contract/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { GamesService } from './games.service';

/** Under /api/wallet: a member's game accounts. */
export const gameAccountRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (
  app,
  { games },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/activate/:game',
    {
      schema: {
        params: GameParamsSchema,
        response: { 200: ActivateGameResponseSchema, ...errorResponses },
      },
    },
    (r) => games.activate(authOf(r), r.params.game),
  );

  app.get(
    '/account/:game',
    {
      schema: {
        params: GameParamsSchema,
        response: { 200: GameAccountResponseSchema, ...errorResponses },
      },
    },
    (r) => games.credentials(authOf(r), r.params.game),
  );

  app.get(
    '/resetpassword/:game',
    {
      schema: {
        params: GameParamsSchema,
        response: { 200: ResetGamePasswordResponseSchema, ...errorResponses },
      },
    },
    (r) => games.resetPassword(authOf(r), r.params.game),
  );
};

/** GET /api/autoLogin/{provider}/{username}[/{password}] (the spec's calls). */
export const autoLoginRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (
  app,
  { games },
) => {
  app.addHook('onRequest', app.authenticate);
  const schema = {
    params: AutoLoginParamsSchema,
    response: { 200: AutoLoginResponseSchema, ...errorResponses },
  };
  app.get('/:provider/:username', { schema }, (r) => games.autoLogin(authOf(r), r.params));
  app.get('/:provider/:username/:password', { schema }, (r) =>
    games.autoLogin(authOf(r), r.params),
  );
};
