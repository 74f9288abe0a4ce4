import {
  AdjustmentIdParamsSchema,
  AdjustmentListQuerySchema,
  AdjustmentListResponseSchema,
  AdjustmentRequestSchema,
  AdjustmentStateSchema,
  AssignTransferSchema,
  BankReferenceParamsSchema,
  DashboardSchema,
  KeptTransferListResponseSchema,
  RejectionSchema,
  SlipByHandSchema,
  SlipRejectionSchema,
  UndecidedSlipListResponseSchema,
} from '@wallet/contract/desk';
import { MemberActivitySchema, MemberIdParamsSchema } from '@wallet/contract/staff-members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { staffOf } from '../../plugins/staff-auth';
import type { Adjustments } from './adjustments';
import { dashboard } from './dashboard';
import type { MemberActivity } from './member-activity';

const state = { 200: AdjustmentStateSchema, ...errorResponses };
const done = { 200: z.object({ success: z.literal(true) }), ...errorResponses };

/** `/api/backoffice/adjustments` (CONTRACT.md, "Back office (staff) API"). */
export const adjustmentRoutes: FastifyPluginAsyncZod<{ adjustments: Adjustments }> = async (
  app,
  { adjustments },
) => {
  app.get(
    '/',
    {
      config: { staff: 'adjustments.request' },
      schema: {
        querystring: AdjustmentListQuerySchema,
        response: { 200: AdjustmentListResponseSchema, ...errorResponses },
      },
    },
    (request) => {
      const { status, memberId, ...page } = request.query;
      return adjustments.list({ status, memberId }, page);
    },
  );

  app.post(
    '/',
    {
      config: { staff: 'adjustments.request' },
      schema: { body: AdjustmentRequestSchema, response: state },
    },
    (request) => adjustments.request(request.body, staffOf(request), request.ip),
  );

  app.post(
    '/:id/approve',
    {
      config: { staff: 'adjustments.decide' },
      schema: { params: AdjustmentIdParamsSchema, response: state },
    },
    (request) => adjustments.approve(request.params.id, staffOf(request), request.ip),
  );

  app.post(
    '/:id/reject',
    {
      config: { staff: 'adjustments.decide' },
      schema: { params: AdjustmentIdParamsSchema, body: RejectionSchema, response: state },
    },
    (request) =>
      adjustments.reject(request.params.id, request.body.reason, staffOf(request), request.ip),
  );
};

/** `/api/backoffice/bank-transfers`: transfers that matched no member (docs/backoffice.md). */
export const keptTransferRoutes: FastifyPluginAsyncZod<{ adjustments: Adjustments }> = async (
  app,
  { adjustments },
) => {
  app.get(
    '/',
    {
      config: { staff: 'adjustments.request' },
      schema: { response: { 200: KeptTransferListResponseSchema, ...errorResponses } },
    },
    async () => ({ transfers: await adjustments.keptTransfers() }),
  );

  app.post(
    '/:reference/assign',
    {
      config: { staff: 'adjustments.request' },
      schema: { params: BankReferenceParamsSchema, body: AssignTransferSchema, response: state },
    },
    (request) =>
      adjustments.assignTransfer(
        request.params.reference,
        request.body.memberId,
        request.body.reason,
        staffOf(request),
        request.ip,
      ),
  );

  app.post(
    '/:reference/refunded',
    {
      config: { staff: 'adjustments.decide' },
      schema: {
        params: BankReferenceParamsSchema,
        body: RejectionSchema,
        response: done,
      },
    },
    async (request) => {
      await adjustments.markTransferRefunded(
        request.params.reference,
        request.body.reason,
        staffOf(request),
        request.ip,
      );
      return { success: true as const };
    },
  );
};

/** `GET /api/backoffice/dashboard`: today's figures and what waits. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { staff: 'dashboard.read' },
      schema: { response: { 200: DashboardSchema, ...errorResponses } },
    },
    () => dashboard(app.db),
  );
};

/** `/api/backoffice/slips`: slips the verifier could not decide (docs/backoffice.md). */
export const slipDeskRoutes: FastifyPluginAsyncZod<{ adjustments: Adjustments }> = async (
  app,
  { adjustments },
) => {
  app.get(
    '/',
    {
      config: { staff: 'adjustments.request' },
      schema: { response: { 200: UndecidedSlipListResponseSchema, ...errorResponses } },
    },
    async () => ({ slips: await adjustments.undecidedSlips() }),
  );

  app.post(
    '/:id/credit',
    {
      config: { staff: 'adjustments.request' },
      schema: { params: AdjustmentIdParamsSchema, body: SlipByHandSchema, response: state },
    },
    (request) =>
      adjustments.askSlipCredit(request.params.id, request.body, staffOf(request), request.ip),
  );

  app.post(
    '/:id/reject',
    {
      config: { staff: 'adjustments.request' },
      schema: {
        params: AdjustmentIdParamsSchema,
        body: SlipRejectionSchema,
        response: done,
      },
    },
    async (request) => {
      const { note, reason } = request.body;
      await adjustments.refuseSlip(request.params.id, note, reason, staffOf(request), request.ip);
      return { success: true as const };
    },
  );
};

/** `GET /api/backoffice/members/{id}/activity`: the member page's records, read only. */
export const memberActivityRoutes: FastifyPluginAsyncZod<{ activity: MemberActivity }> = async (
  app,
  { activity },
) => {
  app.get(
    '/:id/activity',
    {
      config: { staff: 'members.read' },
      schema: {
        params: MemberIdParamsSchema,
        response: { 200: MemberActivitySchema, ...errorResponses },
      },
    },
    (request) => activity.of(request.params.id),
  );
};
