import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The money services, for tests and the benchmark (the reconciler, payout settling). */
    money: Pick<
      FastifyInstance,
      | 'transfers'
      | 'withdrawals'
      | 'ledger'
      | 'idempotency'
      | 'deposits'
      | 'qr'
      | 'rewards'
      | 'bonuses'
      | 'refunds'
      | 'invites'
      | 'spin'
    >;
  }
}

/** `app.money`: the money domains' services in one place, once every domain is registered. */
export const moneyPlugin = fp(
  async (app: FastifyInstance) => {
    const { transfers, withdrawals, ledger, idempotency, deposits, qr, rewards } = app;
    const { bonuses, refunds, invites, spin } = app;
    app.decorate('money', {
      ...{ transfers, withdrawals, ledger, idempotency, deposits, qr, rewards },
      ...{ bonuses, refunds, invites, spin },
    });
  },
  { name: 'money', dependencies: ['wallet', 'deposit', 'qr', 'bonus', 'refund', 'invite', 'spin'] },
);
