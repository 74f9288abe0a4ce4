import { type QrProvider, qrProviders } from '@wallet/contract/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyReconcileInterval } from '../../plugins/infrastructure';
import { QrCallbackSecrets } from '../../providers/payments/callback-secrets';
import {
  type QrPaymentProvider,
  SandboxQrProvider,
} from '../../providers/payments/qr-payment-provider';
import { qrCallbackRoutes, qrRoutes, qrSandboxRoutes } from './qr.route';
import { QrService } from './qr.service';

declare module 'fastify' {
  interface FastifyInstance {
    qr: QrService;
  }
}

export const qrDomain = fp(
  async (app: FastifyInstance) => {
    const { config, log } = app;
    // QR payment providers: the sandbox's, or none until a provider contract is integrated.
    const providers = new Map<QrProvider, QrPaymentProvider>(
      config.sandbox
        ? qrProviders.map((code) => [code, new SandboxQrProvider(code, app.faults)])
        : [],
    );
    // Read per callback through a one-second cache, so a rotation needs no restart (issue 33).
    const callbackSecrets = new QrCallbackSecrets(app.db);
    const qr = new QrService({
      db: app.db,
      ledger: app.ledger,
      idempotency: app.idempotency,
      member: (memberId) => app.games.member(memberId),
      providers,
      callbackSecrets,
      counters: app.counters,
      lifetimeSeconds: config.qrLifetimeSeconds,
      attemptsPerHour: config.rateLimits.qrAttemptsPerHour,
      limits: app.amountLimits,
      providerTimeoutMs: config.gameProviderTimeoutMs,
      meters: app.metrics,
      rewards: app.rewards,
      bonusRunning: app.bonusRunning,
      log,
    });
    app.decorate('qr', qr);
    await app.register(qrRoutes, { prefix: '/api/qrcode', qr });
    await app.register(qrCallbackRoutes, { prefix: '/api/callbacks/qr', qr });
    if (config.sandbox)
      await app.register(qrSandboxRoutes, {
        prefix: '/api/sandbox',
        qr,
        providers,
        callbackSecrets,
      });
    // QRs past their time expire; a paid QR whose process died before its credit is credited.
    await everyReconcileInterval(app, 'qr.sweep', async () => {
      const result = await qr.sweep();
      if (result.expired > 0 || result.credited > 0) log.info(result, 'swept QR codes');
    });
  },
  { name: 'qr', dependencies: ['games', 'rewards'] },
);
