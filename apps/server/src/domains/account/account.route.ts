import {
  BankAccountNameUpdateSchema,
  ChangePasswordSchema,
  ProfileResponseSchema,
  ProfileUpdateSchema,
  RegisterResponseSchema,
  registrationSchema,
  registrationValidateSchema,
  ValidateResponseSchema,
  type Variant,
} from '@wallet/contract/account';
import { SuccessSchema } from '@wallet/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf } from '../../lib/origin';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perMinute } from '../../plugins/rate-limit';
import type { AccountService } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  variant: Variant;
  registerPerMinute: number;
}> = async (app, { accounts, variant, registerPerMinute }) => {
  const registerLimit = { rateLimit: perMinute(registerPerMinute) };

  app.post(
    '/validate',
    {
      schema: {
        body: registrationValidateSchema(variant),
        response: { 200: ValidateResponseSchema, ...errorResponses },
      },
      config: registerLimit,
    },
    (request) => accounts.validate(request.body),
  );

  app.post(
    '/',
    {
      schema: {
        body: registrationSchema(variant),
        response: { 200: RegisterResponseSchema, ...errorResponses },
      },
      config: registerLimit,
    },
    (request) => accounts.register(request.body, originOf(request)),
  );

  app.get(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: ProfileResponseSchema, ...errorResponses } },
    },
    (request) => accounts.profile(authOf(request)),
  );

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        body: ProfileUpdateSchema,
        response: { 200: ProfileResponseSchema, ...errorResponses },
      },
    },
    (request) => accounts.updateProfile(authOf(request), request.body),
  );

  app.put(
    '/bankAccountName',
    {
      onRequest: app.authenticate,
      schema: {
        body: BankAccountNameUpdateSchema,
        response: { 200: ProfileResponseSchema, ...errorResponses },
      },
    },
    (request) => accounts.updateBankAccountName(authOf(request), request.body),
  );

  app.put(
    '/changepwd',
    {
      onRequest: app.authenticate,
      schema: { body: ChangePasswordSchema, response: { 200: SuccessSchema, ...errorResponses } },
    },
    (request) => accounts.changePassword(authOf(request), request.body),
  );
};
