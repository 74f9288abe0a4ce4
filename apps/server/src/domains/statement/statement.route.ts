import { StatementRequestSchema, StatementResponseSchema } from '@wallet/contract/statement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { StatementService } from './statement.service';

export const statementRoutes: FastifyPluginAsyncZod<{ statement: StatementService }> = async (
  app,
  { statement },
) => {
  app.post(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        body: StatementRequestSchema,
        response: { 200: StatementResponseSchema, ...errorResponses },
      },
    },
    (request) => statement.list(authOf(request), request.body),
  );
};
