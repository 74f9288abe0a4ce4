import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountRoutes } from './account.route';
import { AccountService } from './account.service';
import { MemberDesk } from './member-desk';
import { memberDeskRoutes } from './member-desk.route';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
    /** Members as staff see and change them (the back office). */
    memberDesk: MemberDesk;
  }
}

export const accountDomain = fp(
  async (app: FastifyInstance) => {
    const limits = app.config.rateLimits;
    const accounts = new AccountService({
      db: app.db,
      counters: app.counters,
      variant: app.variant,
      otp: app.otp,
      sessions: app.sessions,
      passwordMaxFailures: limits.loginMaxFailures,
      passwordFailureWindowMinutes: limits.loginFailureWindowMinutes,
      bankChecksPerPhonePerHour: limits.bankChecksPerPhonePerHour,
      now: () => new Date(),
      auth: app.authService,
      lookup: app.lookup,
    });
    app.decorate('accounts', accounts);
    await app.register(accountRoutes, {
      prefix: '/api/account',
      accounts,
      variant: app.variant,
      registerPerMinute: limits.registerPerMinute,
    });
    const desk = new MemberDesk({
      db: app.db,
      audit: app.audit,
      ledger: app.ledger,
      auth: app.authService,
      sessions: app.sessions,
      sms: app.sms,
      counters: app.counters,
      now: () => new Date(),
    });
    app.decorate('memberDesk', desk);
    await app.register(memberDeskRoutes, { prefix: '/api/backoffice/members', desk });
  },
  { name: 'account', dependencies: ['otp', 'lookup', 'staff-auth'] },
);
