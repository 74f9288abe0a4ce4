import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { inviteRoutes } from './invite.route';
import { InviteService } from './invite.service';

declare module 'fastify' {
  interface FastifyInstance {
    invites: InviteService;
  }
}

export const inviteDomain = fp(
  async (app: FastifyInstance) => {
    const invites = new InviteService({
      db: app.db,
      ledger: app.ledger,
      idempotency: app.idempotency,
      member: (memberId) => app.games.member(memberId),
      log: app.log,
    });
    app.decorate('invites', invites);
    await app.register(inviteRoutes, { prefix: '/api/invite', invites });
    // Invite collections whose credit a dead process left undone.
    await everyReconcileInterval(app, 'invites.sweep', async () => {
      await invites.sweep();
    });
  },
  { name: 'invite', dependencies: ['games'] },
);
