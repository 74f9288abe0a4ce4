import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SandboxSmsSender } from '../../providers/sms/sandbox-sms-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { UnconfiguredSmsSender } from '../../providers/sms/unconfigured-sms-sender';
import { otpRoutes } from './otp.route';
import { OtpService } from './otp.service';

declare module 'fastify' {
  interface FastifyInstance {
    otp: OtpService;
    /** The sandbox's SMS, whose codes the sandbox's routes read; null outside the sandbox. */
    sandboxSms: SandboxSmsSender | null;
    /** The SMS adapter: one-time codes, and the temporary passwords staff have sent. */
    sms: SmsSender;
  }
}

/** One-time codes by SMS. `sms` replaces the SMS adapter (outside the sandbox there is none yet). */
export const otpDomain = fp(
  async (app: FastifyInstance, { sms: given }: { sms?: SmsSender | undefined }) => {
    const { config } = app;
    const limits = config.rateLimits;
    const sandboxSms = !config.sandbox
      ? null
      : given instanceof SandboxSmsSender
        ? given
        : new SandboxSmsSender(
            app.redis && { client: app.redis, keyPrefix: config.redisKeyPrefix },
          );
    const sms = app.metrics.meteredSms(given ?? sandboxSms ?? new UnconfiguredSmsSender());
    const otp = new OtpService({
      db: app.db,
      counters: app.counters,
      sms,
      variant: app.variant,
      resendSeconds: limits.otpResendSeconds,
      maxPerHour: limits.otpMaxPerHour,
      blockMinutes: limits.otpBlockMinutes,
      smsPerHour: limits.otpSmsPerHour,
      log: app.log,
      now: () => new Date(),
      isMember: (phone) => app.authService.isMember(phone),
    });
    app.decorate('otp', otp);
    app.decorate('sandboxSms', sandboxSms);
    app.decorate('sms', sms);
    await app.register(otpRoutes, {
      prefix: '/api/otp',
      otp,
      variant: app.variant,
      otpPerMinute: limits.otpPerMinute,
    });
  },
  { name: 'otp', dependencies: ['auth'] },
);
