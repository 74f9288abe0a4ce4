import { BankAccountNameSchema, phoneSchema, type Variant } from '@wallet/contract/account';
import { SandboxOtpResponseSchema } from '@wallet/contract/otp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canonicalPhone } from '../../lib/phone';
import { errorResponses } from '../../plugins/errors';
import type { SandboxService } from './sandbox.service';

/**
 * Sandbox-only calls (the API contract's sandbox) plus two stand-ins for the operator console
 * (docs/decisions/0013-sandbox-switches.md). The schemas are server-local: these calls belong
 * to the test harness, not to the member API of the contract.
 */
const ServiceSwitchSchema = z.object({ terminated: z.boolean({ error: 'KEY_INVALID' }) });
const ServiceSwitchResponseSchema = z.object({ terminated: z.boolean() });
const FeatureSettingsSchema = z.object({
  registerOTP: z.boolean({ error: 'KEY_INVALID' }).optional(),
  enableChatWidget: z.boolean({ error: 'KEY_INVALID' }).optional(),
});
/** An account name as the operator's records hold it: any script, the register form's length. */
const AccountNameSchema = z.object({
  username: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(20),
  bankAccountName: BankAccountNameSchema,
});
const FeatureSettingsResponseSchema = z.object({
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
});

export const sandboxRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxService;
  variant: Variant;
}> = async (app, { sandbox, variant }) => {
  // The sandbox keeps answering while the service is terminated: tests switch it back on.
  const config = { allowWhenTerminated: true };

  app.get(
    '/otp/:phoneNumber',
    {
      schema: {
        params: z.object({ phoneNumber: phoneSchema(variant) }),
        response: { 200: SandboxOtpResponseSchema, ...errorResponses },
      },
      config,
    },
    async (request) => sandbox.lastOtp(canonicalPhone(variant, request.params.phoneNumber)),
  );

  app.get(
    '/password/:phoneNumber',
    {
      schema: {
        params: z.object({ phoneNumber: phoneSchema(variant) }),
        response: { 200: z.object({ password: z.string() }), ...errorResponses },
      },
      config,
    },
    async (request) => sandbox.lastPassword(canonicalPhone(variant, request.params.phoneNumber)),
  );

  app.post(
    '/service',
    {
      schema: {
        body: ServiceSwitchSchema,
        response: { 200: ServiceSwitchResponseSchema, ...errorResponses },
      },
      config,
    },
    (request) => sandbox.setTerminated(request.body.terminated),
  );

  app.post(
    '/settings',
    {
      schema: {
        body: FeatureSettingsSchema,
        response: { 200: FeatureSettingsResponseSchema, ...errorResponses },
      },
      config,
    },
    (request) => sandbox.setFeatures(request.body),
  );

  // POST /api/sandbox/account-name: a stand-in for the operator's member records (an imported
  // member whose KTB/TMB/BBL account name is not in Latin letters).
  app.post(
    '/account-name',
    {
      schema: {
        body: AccountNameSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
      },
    },
    (request) =>
      sandbox.setAccountName(
        canonicalPhone(variant, request.body.username),
        request.body.bankAccountName,
      ),
  );
};
