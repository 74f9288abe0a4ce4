import type { Variant } from '@wallet/contract/account';
import {
  OtpSendResponseSchema,
  OtpVerifyResponseSchema,
  OtpVerifySchema,
  otpSendSchema,
} from '@wallet/contract/otp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { perMinute } from '../../plugins/rate-limit';
import type { OtpService } from './otp.service';

export const otpRoutes: FastifyPluginAsyncZod<{
  otp: OtpService;
  variant: Variant;
  otpPerMinute: number;
}> = async (app, { otp, variant, otpPerMinute }) => {
  const limit = { rateLimit: perMinute(otpPerMinute) };

  app.post(
    '/send',
    {
      schema: {
        body: otpSendSchema(variant),
        response: { 200: OtpSendResponseSchema, ...errorResponses },
      },
      config: limit,
    },
    (request) => otp.send(request.body.phoneNumber),
  );

  app.post(
    '/verify',
    {
      schema: {
        body: OtpVerifySchema,
        response: { 200: OtpVerifyResponseSchema, ...errorResponses },
      },
      config: limit,
    },
    (request) => otp.verify(request.body),
  );
};
