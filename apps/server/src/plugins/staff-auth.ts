import cookie from '@fastify/cookie';
import { WALLET_USER_HEADER } from '@wallet/contract/constants';
import { type StaffAction, staffMay } from '@wallet/contract/staff';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { AuditLog } from '../core/audit/audit';
import { signInLimitsOf } from '../domains/auth/sign-in-throttle';
import { actorOf, type StaffContext, StaffService } from '../domains/staff/staff.service';
import { type ChangedBy, StaffAccounts } from '../domains/staff/staff-accounts';
import { bearerToken } from '../lib/crypto';
import { DomainError } from '../lib/domain-error';

/** The browser back office's session: httpOnly, so no page script can read it. */
export const STAFF_COOKIE = 'wallet_staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A back-office route: who may call it, by the role table of the contract
     * (`staffPermissions`), or any signed-in staff member.
     */
    staff?: StaffAction | 'signed-in';
  }
  interface FastifyInstance {
    /** Staff sign-in and sessions. */
    staffService: StaffService;
    /** Staff accounts (admin). */
    staffAccounts: StaffAccounts;
    /** Every staff change and refused attempt (core/audit). */
    audit: AuditLog;
  }
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

/**
 * A staff request's token: `Authorization: Bearer` (API clients), else the browser's cookie.
 * A cookie alone does not do for a call without the app's own header: a page of another site
 * can make the browser send the cookie (where SameSite does not hold) but not that header.
 */
export function staffTokenOf(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer !== undefined) return bearer;
  const fromCookie = request.cookies[STAFF_COOKIE];
  if (fromCookie === undefined) return undefined;
  return request.headers[WALLET_USER_HEADER.toLowerCase()] === undefined ? '' : fromCookie;
}

/**
 * The back office's gate (CONTRACT.md, "Back office (staff) API"): every route that names a
 * `staff` action in its config authenticates the staff session before its body is read, then
 * checks the role against the contract's table; a refusal is `403 FORBIDDEN` and goes to the
 * audit log with `reason: "FORBIDDEN"`.
 */
export const staffAuthPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    await app.register(cookie);
    const audit = new AuditLog(app.db);
    const staff = new StaffService({
      db: app.db,
      audit,
      secrets: app.secrets,
      counters: app.counters,
      sessions: config.staffSessions,
      signInLimits: signInLimitsOf(config.rateLimits),
      now: () => new Date(),
    });
    app.decorate('audit', audit);
    app.decorate('staffService', staff);
    app.decorate(
      'staffAccounts',
      new StaffAccounts({ db: app.db, audit, secrets: app.secrets, now: () => new Date() }),
    );
    app.decorateRequest('staff', null);

    const gate =
      (action: StaffAction | 'signed-in'): onRequestAsyncHookHandler =>
      async (request) => {
        const context = await staff.authenticate(staffTokenOf(request));
        request.staff = context;
        if (action === 'signed-in' || staffMay(context.role, action)) return;
        await audit.append({
          actor: actorOf(context),
          ip: request.ip,
          action,
          target: `${request.method} ${request.url}`.slice(0, 200),
          reason: 'FORBIDDEN',
        });
        throw new DomainError('FORBIDDEN');
      };
    app.addHook('onRoute', (route) => {
      const action = route.config?.staff;
      if (!action) return;
      route.onRequest = [gate(action), ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'staff-auth', dependencies: ['infrastructure'] },
);

/** The signed-in staff member of a back-office route. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new Error('route has no `staff` config');
  return request.staff;
}

/** Who changes something, from where, as the audit log keeps it: the request's staff member. */
export function changedBy(request: FastifyRequest): ChangedBy {
  return { actor: actorOf(staffOf(request)), ip: request.ip };
}

/** The browser keeps the session in its cookie; API clients use the token in the body. */
export function setStaffCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  hours: number,
) {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: hours * 3600,
  });
}

export function clearStaffCookie(reply: FastifyReply) {
  reply.clearCookie(STAFF_COOKIE, { path: '/' });
}
