import { SuccessSchema } from '@wallet/contract/common';
import { QrProviderParamsSchema } from '@wallet/contract/deposit';
import {
  AccountOrderSchema,
  DepositAccountChangeSchema,
  DepositAccountsResponseSchema,
  GameProviderChangeSchema,
  GameProviderOrderSchema,
  GameProviderParamsSchema,
  GameProvidersResponseSchema,
  OperatorDepositAccountSchema,
  OperatorGameProviderSchema,
  OperatorTruemoneyAccountSchema,
  QrSecretRotatedSchema,
  QrSecretsResponseSchema,
  TruemoneyAccountChangeSchema,
  TruemoneyAccountsResponseSchema,
} from '@wallet/contract/operator-accounts';
import { ReasonSchema, StaffIdParamsSchema } from '@wallet/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { GameProviderSettings } from './game-provider-settings';
import type { OperatorAccounts } from './operator-accounts';
import type { QrSecretSettings } from './qr-secret-settings';

const success = { success: true as const };

/**
 * `/api/backoffice/settings/{deposit-accounts,truemoney-accounts,game-providers,qr-secrets}`
 * (docs/backoffice.md, "Settings"; issue 33). Admin and finance read them; admin and finance
 * change the accounts members pay into, admin the game providers and the QR secrets.
 */
export const operatorAccountsRoutes: FastifyPluginAsyncZod<{
  accounts: OperatorAccounts;
  games: GameProviderSettings;
  secrets: QrSecretSettings;
}> = async (app, { accounts, games, secrets }) => {
  app.get(
    '/deposit-accounts',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: DepositAccountsResponseSchema, ...errorResponses } },
    },
    () => accounts.depositAccounts(),
  );

  app.post(
    '/deposit-accounts',
    {
      config: { staff: 'settings.deposits' },
      schema: {
        body: DepositAccountChangeSchema,
        response: { 200: OperatorDepositAccountSchema, ...errorResponses },
      },
    },
    (request) => {
      const { account, reason } = request.body;
      return accounts.saveDepositAccount(null, account, reason, changedBy(request));
    },
  );

  app.put(
    '/deposit-accounts/order',
    {
      config: { staff: 'settings.deposits' },
      schema: { body: AccountOrderSchema, response: { 200: SuccessSchema, ...errorResponses } },
    },
    async (request) => {
      const { ids, reason } = request.body;
      await accounts.reorder('deposit', ids, 'ids', reason, changedBy(request));
      return success;
    },
  );

  app.put(
    '/deposit-accounts/:id',
    {
      config: { staff: 'settings.deposits' },
      schema: {
        params: StaffIdParamsSchema,
        body: DepositAccountChangeSchema,
        response: { 200: OperatorDepositAccountSchema, ...errorResponses },
      },
    },
    (request) => {
      const { account, reason } = request.body;
      return accounts.saveDepositAccount(request.params.id, account, reason, changedBy(request));
    },
  );

  app.get(
    '/truemoney-accounts',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: TruemoneyAccountsResponseSchema, ...errorResponses } },
    },
    () => accounts.truemoneyAccounts(),
  );

  app.post(
    '/truemoney-accounts',
    {
      config: { staff: 'settings.deposits' },
      schema: {
        body: TruemoneyAccountChangeSchema,
        response: { 200: OperatorTruemoneyAccountSchema, ...errorResponses },
      },
    },
    (request) => {
      const { account, reason } = request.body;
      return accounts.saveTruemoneyAccount(null, account, reason, changedBy(request));
    },
  );

  app.put(
    '/truemoney-accounts/order',
    {
      config: { staff: 'settings.deposits' },
      schema: { body: AccountOrderSchema, response: { 200: SuccessSchema, ...errorResponses } },
    },
    async (request) => {
      const { ids, reason } = request.body;
      await accounts.reorder('truemoney', ids, 'ids', reason, changedBy(request));
      return success;
    },
  );

  app.put(
    '/truemoney-accounts/:id',
    {
      config: { staff: 'settings.deposits' },
      schema: {
        params: StaffIdParamsSchema,
        body: TruemoneyAccountChangeSchema,
        response: { 200: OperatorTruemoneyAccountSchema, ...errorResponses },
      },
    },
    (request) => {
      const { account, reason } = request.body;
      return accounts.saveTruemoneyAccount(request.params.id, account, reason, changedBy(request));
    },
  );

  app.get(
    '/game-providers',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: GameProvidersResponseSchema, ...errorResponses } },
    },
    () => games.list(),
  );

  app.put(
    '/game-providers/order',
    {
      config: { staff: 'settings.providers' },
      schema: {
        body: GameProviderOrderSchema,
        response: { 200: SuccessSchema, ...errorResponses },
      },
    },
    async (request) => {
      await games.reorder(request.body.codes, request.body.reason, changedBy(request));
      return success;
    },
  );

  app.put(
    '/game-providers/:code',
    {
      config: { staff: 'settings.providers' },
      schema: {
        params: GameProviderParamsSchema,
        body: GameProviderChangeSchema,
        response: { 200: OperatorGameProviderSchema, ...errorResponses },
      },
    },
    (request) => games.change(request.params.code, request.body, changedBy(request)),
  );

  app.get(
    '/qr-secrets',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: QrSecretsResponseSchema, ...errorResponses } },
    },
    () => secrets.states(),
  );

  app.post(
    '/qr-secrets/:provider/rotate',
    {
      config: { staff: 'settings.secrets' },
      schema: {
        params: QrProviderParamsSchema,
        body: ReasonSchema,
        response: { 200: QrSecretRotatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The secret is in this answer only: no cache on the way may keep it.
      reply.header('cache-control', 'no-store');
      return secrets.rotate(request.params.provider, request.body.reason, changedBy(request));
    },
  );
};
