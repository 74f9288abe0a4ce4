import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { statementRoutes } from './statement.route';
import { StatementService } from './statement.service';

export const statementDomain = fp(
  async (app: FastifyInstance) => {
    const statement = new StatementService({ db: app.db });
    await app.register(statementRoutes, { prefix: '/api/statement', statement });
  },
  { name: 'statement', dependencies: ['infrastructure'] },
);
