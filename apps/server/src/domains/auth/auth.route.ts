import { LoginResponseSchema, LoginSchema, LogoutResponseSchema } from '@wallet/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf } from '../../lib/origin';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perMinute } from '../../plugins/rate-limit';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  loginPerMinute: number;
}> = async (app, { auth, loginPerMinute }) => {
  app.post(
    '/login',
    {
      schema: { body: LoginSchema, response: { 200: LoginResponseSchema, ...errorResponses } },
      config: { rateLimit: perMinute(loginPerMinute) },
    },
    (request) => auth.login(request.body, originOf(request)),
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: LogoutResponseSchema, ...errorResponses } },
    },
    async (request) => {
      await auth.logout(authOf(request));
      return { success: true as const };
    },
  );
};
