import {
  AuditListResponseSchema,
  AuditQuerySchema,
  AuditVerifyResponseSchema,
  CreatedStaffSchema,
  CreateStaffSchema,
  ReasonSchema,
  StaffChallengeResponseSchema,
  StaffFreshCodeResponseSchema,
  StaffFreshCodeSchema,
  StaffIdParamsSchema,
  StaffListResponseSchema,
  StaffLoginSchema,
  StaffProfileSchema,
  StaffSessionResponseSchema,
  StaffSessionsResponseSchema,
  StaffTotpRequestSchema,
  staffMay,
} from '@wallet/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf } from '../../lib/origin';
import { errorResponses } from '../../plugins/errors';
import { perMinute } from '../../plugins/rate-limit';
import { changedBy, clearStaffCookie, setStaffCookie, staffOf } from '../../plugins/staff-auth';

const done = { 200: z.object({ success: z.literal(true) }), ...errorResponses };
const success = { success: true as const };

/**
 * The back office's own calls (CONTRACT.md, "Back office (staff) API"): the two-step sign-in,
 * the session, staff accounts and sessions, and the audit log. Who may call what is each
 * route's `staff` config, checked by plugins/staff-auth.ts.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ loginPerMinute: number }> = async (
  app,
  { loginPerMinute },
) => {
  const { staffService: staff, staffAccounts: accounts, audit, config } = app;
  const limited = { rateLimit: perMinute(loginPerMinute) };

  app.post(
    '/login',
    {
      schema: {
        body: StaffLoginSchema,
        response: { 200: StaffChallengeResponseSchema, ...errorResponses },
      },
      config: limited,
    },
    (request) => staff.login(request.body, originOf(request)),
  );

  app.post(
    '/login/totp',
    {
      schema: {
        body: StaffTotpRequestSchema,
        response: { 200: StaffSessionResponseSchema, ...errorResponses },
      },
      config: limited,
    },
    async (request, reply) => {
      const session = await staff.verifyCode(request.body, originOf(request));
      setStaffCookie(reply, request, session.token, config.staffSessions.hours);
      return session;
    },
  );

  app.get(
    '/me',
    {
      config: { staff: 'signed-in' },
      schema: { response: { 200: StaffProfileSchema, ...errorResponses } },
    },
    (request) => {
      const { id, username, name, role } = staffOf(request);
      return { id, username, name, role };
    },
  );

  app.post(
    '/logout',
    { config: { staff: 'signed-in' }, schema: { response: done } },
    async (request, reply) => {
      await staff.logout(staffOf(request));
      clearStaffCookie(reply);
      return success;
    },
  );

  app.post(
    '/totp',
    {
      config: { staff: 'signed-in', ...limited },
      schema: {
        body: StaffFreshCodeSchema,
        response: { 200: StaffFreshCodeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const until = await staff.freshCode(staffOf(request), request.body.code, originOf(request));
      return { freshUntil: until.toISOString() };
    },
  );

  app.get(
    '/sessions',
    {
      config: { staff: 'signed-in' },
      schema: { response: { 200: StaffSessionsResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const context = staffOf(request);
      return { sessions: await staff.sessions(context, staffMay(context.role, 'staff.manage')) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { staff: 'signed-in' },
      schema: { params: StaffIdParamsSchema, response: done },
    },
    async (request) => {
      const context = staffOf(request);
      const anyone = staffMay(context.role, 'staff.manage');
      await staff.endSession(context, request.params.id, anyone, originOf(request));
      return success;
    },
  );

  app.get(
    '/staff',
    {
      config: { staff: 'staff.manage' },
      schema: { response: { 200: StaffListResponseSchema, ...errorResponses } },
    },
    async () => ({ staff: await accounts.list() }),
  );

  app.post(
    '/staff',
    {
      config: { staff: 'staff.manage' },
      schema: { body: CreateStaffSchema, response: { 200: CreatedStaffSchema, ...errorResponses } },
    },
    (request) => accounts.create(request.body, changedBy(request)),
  );

  const byAdmin = (
    path: string,
    change: (id: number, reason: string, by: Parameters<typeof accounts.setActive>[3]) => unknown,
  ) =>
    app.post(
      path,
      {
        config: { staff: 'staff.manage' },
        schema: { params: StaffIdParamsSchema, body: ReasonSchema, response: done },
      },
      async (request) => {
        const by = changedBy(request);
        await change(request.params.id, request.body.reason, by);
        return success;
      },
    );
  byAdmin('/staff/:id/reset-authenticator', (id, reason, by) =>
    accounts.resetAuthenticator(id, reason, by),
  );
  byAdmin('/staff/:id/deactivate', (id, reason, by) => accounts.setActive(id, false, reason, by));
  byAdmin('/staff/:id/reactivate', (id, reason, by) => accounts.setActive(id, true, reason, by));

  app.get(
    '/audit',
    {
      config: { staff: 'audit.read' },
      schema: {
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ entries: await audit.list(request.query) }),
  );

  app.get(
    '/audit/verify',
    {
      config: { staff: 'audit.read' },
      schema: { response: { 200: AuditVerifyResponseSchema, ...errorResponses } },
    },
    () => audit.verify(),
  );
};
