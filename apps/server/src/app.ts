import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Variant } from '@wallet/contract/account';
import { type QrProvider, qrProviders } from '@wallet/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { removeStaleRows } from './core/housekeeping/housekeeping';
import { Idempotency } from './core/idempotency/idempotency';
import { Jobs } from './core/jobs/jobs';
import { Ledger } from './core/ledger/ledger';
import { AmountLimits } from './core/settings/amount-limits';
import { ServiceState } from './core/settings/service-state';
import { readSetting } from './core/settings/settings.repository';
import { type Database, openDatabase } from './db/client';
import { accountRoutes } from './domains/account/account.route';
import { AccountService } from './domains/account/account.service';
import { authRoutes } from './domains/auth/auth.route';
import { AuthService } from './domains/auth/auth.service';
import { SessionCache } from './domains/auth/session-cache';
import { signInLimitsOf } from './domains/auth/sign-in-throttle';
import { bonusRoutes, promotionRoutes } from './domains/bonus/bonus.route';
import { BonusService } from './domains/bonus/bonus.service';
import { ChatGateway } from './domains/chat/chat.gateway';
import { backofficeChatRoutes, CHAT_FILE_PATH, chatRoutes } from './domains/chat/chat.route';
import { ChatService } from './domains/chat/chat.service';
import { removeOrphanFiles } from './domains/chat/chat-files';
import { WalletEvents } from './domains/chat/wallet-events';
import { depositLookupRoutes, depositSandboxRoutes } from './domains/deposit/deposit.route';
import { DepositService } from './domains/deposit/deposit.service';
import { resealGamePasswords } from './domains/games/game-passwords';
import { autoLoginRoutes, gameAccountRoutes } from './domains/games/games.route';
import { GamesService } from './domains/games/games.service';
import { healthRoutes } from './domains/health/health.route';
import { inviteRoutes } from './domains/invite/invite.route';
import { InviteService } from './domains/invite/invite.service';
import { lookupRoutes } from './domains/lookup/lookup.route';
import { LookupService } from './domains/lookup/lookup.service';
import { otpRoutes } from './domains/otp/otp.route';
import { OtpService } from './domains/otp/otp.service';
import { qrCallbackRoutes, qrRoutes, qrSandboxRoutes } from './domains/qr/qr.route';
import { QrService } from './domains/qr/qr.service';
import { refundRoutes } from './domains/refund/refund.route';
import { RefundService } from './domains/refund/refund.service';
import { DepositRewards } from './domains/rewards/deposit-rewards';
import { sandboxRoutes } from './domains/sandbox/sandbox.route';
import { SandboxService } from './domains/sandbox/sandbox.service';
import { sandboxGamesRoutes, sandboxPlayRoutes } from './domains/sandbox/sandbox-games.route';
import {
  SLIP_IMAGE_PATH,
  slipSandboxRoutes,
  slipStatementRoutes,
  slipUploadRoutes,
} from './domains/slip/slip.route';
import { SlipService } from './domains/slip/slip.service';
import {
  SLIP_SWEEP_AFTER_MS,
  SLIP_VERIFY_JOB,
  SlipVerification,
  slipJobOptions,
} from './domains/slip/slip-verification';
import { spinRoutes } from './domains/spin/spin.route';
import { SpinService } from './domains/spin/spin.service';
import { staffRoutes } from './domains/staff/staff.route';
import { StaffService } from './domains/staff/staff.service';
import { statementRoutes } from './domains/statement/statement.route';
import { StatementService } from './domains/statement/statement.service';
import { TransferService } from './domains/wallet/transfer.service';
import { walletRoutes } from './domains/wallet/wallet.route';
import { WalletService } from './domains/wallet/wallet.service';
import { WithdrawalService } from './domains/wallet/withdrawal.service';
import { type CounterStore, MemoryCounterStore } from './lib/counter-store';
import { DomainError } from './lib/domain-error';
import { DirectoryFileStorage } from './lib/file-storage';
import { requestLogSerializer } from './lib/log';
import { RedisCounterStore } from './lib/redis-counter-store';
import { SecretKeyRing } from './lib/secret-keys';
import { SignedLinks } from './lib/signed-links';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { ipAllowListOf, ipAllowListPlugin } from './plugins/ip-allow-list';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { serviceSwitchPlugin } from './plugins/service-switch';
import { staffAuthPlugin } from './plugins/staff-auth';
import { textInputPlugin } from './plugins/text-input';
import { loadWebPage, webAppPlugin } from './plugins/web-app';
import { GameProviders } from './providers/games/game-providers';
import {
  type QrPaymentProvider,
  SandboxQrProvider,
} from './providers/payments/qr-payment-provider';
import { ManualPayoutProvider } from './providers/payouts/payout-provider';
import { SandboxFaults } from './providers/sandbox-faults';
import { SandboxSlipVerifier, UnconfiguredSlipVerifier } from './providers/slips/slip-verifier';
import { SandboxSmsSender } from './providers/sms/sandbox-sms-sender';
import type { SmsSender } from './providers/sms/sms-sender';
import { UnconfiguredSmsSender } from './providers/sms/unconfigured-sms-sender';
import { SandboxGiftLinks, UnconfiguredGiftLinks } from './providers/truemoney/gift-links';
import { bootstrap } from './seed/bootstrap';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as registered (method, URL with its parameters), for the tests that walk
     * them all: bad input on every route, every role on every back-office route.
     */
    routeTable: readonly { method: string; url: string }[];
    /** The money services, for tests and the benchmark (the reconciler, payout settling). */
    money: {
      transfers: TransferService;
      withdrawals: WithdrawalService;
      ledger: Ledger;
      idempotency: Idempotency;
      deposits: DepositService;
      qr: QrService;
      rewards: DepositRewards;
      bonuses: BonusService;
      refunds: RefundService;
      invites: InviteService;
      spin: SpinService;
    };
    /** The chat's socket.io server (tests count its sockets). */
    chatGateway: ChatGateway;
  }
}

export type AppOverrides = {
  /**
   * An open database (tests: a fresh PGlite in memory or a fresh PostgreSQL database per
   * file). The app migrates and seeds it but does not close it: its opener does.
   */
  database?: Database;
  /** Replaces the SMS adapter (outside the sandbox there is no real one yet). */
  sms?: SmsSender;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/** The start-up line of a server whose sandbox is on: loud, so nobody misses it. */
export const SANDBOX_WARNING =
  'SANDBOX IS ON: anyone can mint money (POST /api/wallet/add) and read one-time codes (GET /api/sandbox/otp/{phone}). Never run it on real members or money.';

/** The start-up line of `npm start`'s automatic sandbox (CONTRACT.md, Running). */
export const SANDBOX_LOOPBACK_NOTICE =
  'The sandbox came on by itself, so the server listens on 127.0.0.1 only: other machines cannot reach it. To expose a sandbox on purpose, start it with HOST=0.0.0.0 SANDBOX=1 (never with real members or money).';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's X-Request-Id is kept when it is a plain token (it ties logs across services). */
function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** TRUST_PROXY as a hop count means "trust the nearest n proxies". */
function trustProxyOf(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * The client's address as Fastify's `request.ip` has it under TRUST_PROXY, for the requests
 * Fastify does not route: socket.io's handshakes.
 */
function clientIpOf(setting: Config['trustProxy']): (request: IncomingMessage) => string {
  const trust = trustProxyOf(setting);
  const given = typeof trust === 'boolean' ? () => trust : trust;
  return (request) => proxyAddr(request, given);
}

export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const ownsDatabase = overrides.database === undefined;
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.databasePoolMax }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;

  // Work that finishes later (docs/decisions/0039), made with the app's logger; stopped before
  // the database closes.
  let jobs: Jobs | null = null;
  const release = async () => {
    await jobs?.stop();
    await redis?.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  };

  try {
    await database.migrate(bootstrap);
    const app = Fastify({
      logger: {
        level: config.logLevel,
        redact: {
          paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
          censor: '[redacted]',
        },
        // Game passwords in auto-login paths and link signatures in query strings (lib/log.ts).
        serializers: { req: requestLogSerializer },
        ...(overrides.logStream
          ? { stream: overrides.logStream }
          : config.logPretty
            ? { transport: { target: 'pino-pretty' } }
            : {}),
      },
      genReqId: requestIdOf,
      requestIdHeader: false,
      trustProxy: trustProxyOf(config.trustProxy),
    });
    app.addHook('onClose', release);
    if (config.sandbox) app.log.warn({ sandbox: true }, SANDBOX_WARNING);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    const routeTable: { method: string; url: string }[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
    });
    app.decorate('routeTable', routeTable);
    jobs = new Jobs(database, app.log);
    await registerPlugins(app, config, database, jobs, redis, overrides);
    await app.ready();
    return app;
  } catch (error) {
    await release();
    throw error;
  }
}

async function registerPlugins(
  app: FastifyInstance,
  config: Config,
  database: Database,
  jobs: Jobs,
  redis: Redis | null,
  overrides: AppOverrides,
): Promise<void> {
  const { db } = database;
  const variant: Variant = { laos: config.laos };
  const now = () => new Date();
  const limits = config.rateLimits;
  const counters: CounterStore = redis
    ? new RedisCounterStore(redis, `${config.redisKeyPrefix}counter:`)
    : new MemoryCounterStore();
  const sandboxSms = !config.sandbox
    ? null
    : overrides.sms instanceof SandboxSmsSender
      ? overrides.sms
      : new SandboxSmsSender();
  const sms = overrides.sms ?? sandboxSms ?? new UnconfiguredSmsSender();
  const serviceState = new ServiceState(db);

  const otp = new OtpService({
    db,
    counters,
    sms,
    variant,
    resendSeconds: limits.otpResendSeconds,
    maxPerHour: limits.otpMaxPerHour,
    blockMinutes: limits.otpBlockMinutes,
    smsPerHour: limits.otpSmsPerHour,
    log: app.log,
    now,
  });
  const sessions = new SessionCache(config.sessionCacheMs);
  const signInLimits = signInLimitsOf(limits);
  const auth = new AuthService({
    db,
    counters,
    variant,
    sessions,
    sessionTtlHours: config.sessionTtlHours,
    signInLimits,
    now,
  });
  const accounts = new AccountService({
    db,
    counters,
    variant,
    otp,
    sessions,
    passwordMaxFailures: limits.loginMaxFailures,
    passwordFailureWindowMinutes: limits.loginFailureWindowMinutes,
    bankChecksPerPhonePerHour: limits.bankChecksPerPhonePerHour,
    now,
  });

  // Money (docs/decisions/0030-ledger.md). Only the sandbox has game adapters so far.
  const log = app.log;
  const faults = new SandboxFaults(db);
  const providers = config.sandbox
    ? GameProviders.sandbox(db, faults, config.gameProviderTimeoutMs)
    : new GameProviders([], config.gameProviderTimeoutMs);
  const ledger = new Ledger(db);
  // Game passwords sealed under keys kept outside the database (docs/decisions/0058); rows
  // from before are sealed now.
  const secrets = SecretKeyRing.open(config.gameSecretKeys);
  await resealGamePasswords(db, secrets, { plaintextOnly: true });
  const games = new GamesService({
    db,
    ledger,
    providers,
    secrets,
    counters,
    providerCallsPerMinute: limits.gameCallsPerMinute,
    log,
  });
  // Every amount rule per currency (issue 30, docs/decisions/0050).
  const amountLimits = new AmountLimits(db, { paytimzMinimum: config.paytimzMinimum });
  const lookup = new LookupService({
    db,
    variant,
    serviceState,
    limits: amountLimits,
    member: (memberId) => games.member(memberId),
  });
  const bonuses = new BonusService({
    db,
    ledger,
    member: (memberId) => games.member(memberId),
    now,
    log,
  });
  const bonusRunning = (memberId: number) => bonuses.paidBonusRunning(memberId);
  const member = (memberId: number) => games.member(memberId);
  const idempotency = new Idempotency(db);
  const refunds = new RefundService({ db, ledger, idempotency, member, bonusRunning, now, log });
  const invites = new InviteService({ db, ledger, idempotency, member, log });
  const transfers = new TransferService({
    db,
    ledger,
    games,
    providers,
    limits: amountLimits,
    log,
  });
  const withdrawals = new WithdrawalService({
    db,
    ledger,
    payouts: new ManualPayoutProvider(),
    bonusRunning,
    limits: amountLimits,
  });
  // What a deposit earns (a waiting bonus, the wheel's coins), once per deposit, by every
  // deposit path.
  const rewards = new DepositRewards({ db, bonus: (deposit) => bonuses.onDeposit(deposit), log });
  // The sandbox's TrueMoney, or none until a TrueMoney contract is integrated.
  const sandboxGiftLinks = config.sandbox ? new SandboxGiftLinks(db) : null;
  const deposits = new DepositService({
    db,
    member: (memberId) => games.member(memberId),
    ledger,
    giftLinks: sandboxGiftLinks ?? new UnconfiguredGiftLinks(),
    counters,
    giftLinkAttemptsPerHour: limits.giftLinkAttemptsPerHour,
    rewards,
    limits: amountLimits,
    bonusRunning,
    log,
  });
  const wallet = new WalletService({
    db,
    ledger,
    idempotency,
    accounts,
    games,
    transfers,
    withdrawals,
    deposits,
    rewards,
    inviteSummary: (memberId) => invites.summary(memberId),
  });
  const statement = new StatementService({ db });
  // QR payment providers: the sandbox's, or none until a provider contract is integrated.
  const qrSecrets = await readSetting(db, 'qrCallbackSecrets');
  const qrProviderAdapters = new Map<QrProvider, QrPaymentProvider>(
    config.sandbox
      ? qrProviders.map((code) => [code, new SandboxQrProvider(code, qrSecrets[code], faults)])
      : [],
  );
  const qr = new QrService({
    db,
    ledger,
    idempotency,
    member: (memberId) => games.member(memberId),
    providers: qrProviderAdapters,
    counters,
    lifetimeSeconds: config.qrLifetimeSeconds,
    attemptsPerHour: limits.qrAttemptsPerHour,
    limits: amountLimits,
    providerTimeoutMs: config.gameProviderTimeoutMs,
    rewards,
    bonusRunning,
    log,
  });

  // Deposit slips (docs/decisions/0043): stored under UPLOADS_DIR, verified by a job; the
  // sandbox's bank, or no verifier until a slip-verify contract is integrated.
  const storage = new DirectoryFileStorage(config.uploadsDir);
  const sandboxSlips = config.sandbox ? new SandboxSlipVerifier(db, faults) : null;
  const slipJob = slipJobOptions(config.slipVerifyRetrySeconds);
  const slips = new SlipService({
    db,
    storage,
    links: new SignedLinks({
      db,
      setting: 'slipLinkKey',
      purpose: 'slip',
      path: SLIP_IMAGE_PATH,
      ttlSeconds: 15 * 60,
    }),
    idempotency,
    counters,
    attemptsPerHour: limits.slipAttemptsPerHour,
    attemptsPerHourPerAddress: limits.slipAttemptsPerHourPerAddress,
    // Its queue is made by the worker below, registered before any request comes.
    queue: (slipId) => jobs.send(SLIP_VERIFY_JOB, { slipId }),
    log,
  });
  const slipVerification = new SlipVerification({
    db,
    storage,
    verifier: sandboxSlips ?? new UnconfiguredSlipVerifier(),
    ledger,
    timeoutMs: config.gameProviderTimeoutMs,
    rewards,
    limits: amountLimits,
    log,
  });

  // The prize wheel and its coupons (docs/promotions.md).
  const spin = new SpinService({
    db,
    ledger,
    idempotency,
    // A bonus-kind coupon waits while a paid bonus runs (BONUS_REMAINING).
    activeBonus: bonusRunning,
    log,
  });

  // Support chat (docs/decisions/0044-chat.md): socket.io on this server, staff accounts of
  // their own, files behind signed links; members' wallets pushed on the same socket.
  const staff = new StaffService({
    db,
    counters,
    sessionTtlHours: config.sessionTtlHours,
    signInLimits,
    now,
  });
  if (config.sandbox) await staff.ensure(DEMO_STAFF);
  const ipAllowed = ipAllowListOf(config.ipAllowList);
  const clientIp = clientIpOf(config.trustProxy);
  const gateway = new ChatGateway(app.server, {
    auth,
    staff,
    admit: async (request) => {
      if (ipAllowed && !ipAllowed(clientIp(request))) throw new DomainError('INVALID_IP');
      if (await serviceState.isTerminated()) throw new DomainError('TERMINATED');
    },
    sessionCheckMs: CHAT_SESSION_CHECK_MS,
    prefix: config.chatPrefix,
    redis,
    redisKeyPrefix: config.redisKeyPrefix,
    log,
  });
  const walletEvents = new WalletEvents({
    gateway,
    balance: (memberId) => wallet.balance(memberId),
    log,
  });
  ledger.watch((memberId) => walletEvents.moved(memberId));
  // Before the HTTP server closes: it waits for open connections, and sockets stay open.
  app.addHook('preClose', async () => {
    walletEvents.stop();
    await gateway.close();
  });
  app.decorate('chatGateway', gateway);
  const chat = new ChatService({
    db,
    storage,
    links: new SignedLinks({
      db,
      setting: 'chatFileLinkKey',
      purpose: 'chat-file',
      path: CHAT_FILE_PATH,
      ttlSeconds: 24 * 3600,
    }),
    counters,
    hub: gateway,
    prefix: config.chatPrefix,
    limits: {
      messagesPerMinute: limits.chatMessagesPerMinute,
      uploadsPerHour: limits.chatUploadsPerHour,
      guestMessagesPerIpPerMinute: limits.chatGuestMessagesPerIpPerMinute,
      guestConversationsPerIpPerHour: limits.chatGuestConversationsPerIpPerHour,
      uploadsPerIpPerHour: limits.chatUploadsPerIpPerHour,
      storageQuotaBytes: config.chatStorageQuotaBytes,
    },
    log,
  });

  app.decorate('money', {
    transfers,
    withdrawals,
    ledger,
    idempotency,
    deposits,
    qr,
    rewards,
    spin,
    bonuses,
    refunds,
    invites,
  });
  // The slips' verification: the job sent at upload, worked in every process whatever the
  // periodic sweeps' interval (docs/decisions/0039-jobs.md).
  await jobs.work<{ slipId: number }>(
    SLIP_VERIFY_JOB,
    (data, attempt) => slipVerification.verify(data.slipId, attempt),
    { ...slipJob, concurrency: 2 },
  );
  if (config.reconcileIntervalMs > 0) {
    // The periodic sweeps, each run by one process at a time (RECONCILE_INTERVAL_MS=0 turns
    // them off; tests call them directly).
    await jobs.every('transfers.reconcile', config.reconcileIntervalMs, async () => {
      const result = await transfers.reconcile(config.reconcileGraceMs);
      if (result.settled > 0 || result.pending > 0) log.info(result, 'reconciled transfers');
    });
    // Gift links whose request died between their claim and their credit.
    await jobs.every('deposits.settle-gift-links', config.reconcileIntervalMs, async () => {
      const result = await deposits.settleGiftLinks(config.reconcileGraceMs);
      if (result.settled > 0) log.info(result, 'settled gift links');
    });
    // Bonuses: payments and ends a dead process left undone; turnover and threshold checks.
    await jobs.every('bonuses.sweep', config.reconcileIntervalMs, async () => {
      await bonuses.sweep();
    });
    // Invite collections whose credit a dead process left undone.
    await jobs.every('invites.sweep', config.reconcileIntervalMs, async () => {
      await invites.sweep();
    });
    // Deposits whose rewards a dead process left out.
    await jobs.every('deposits.rewards', config.reconcileIntervalMs, async () => {
      await rewards.sweep(config.reconcileGraceMs);
    });
    // QRs past their time expire; a paid QR whose process died before its credit is credited.
    await jobs.every('qr.sweep', config.reconcileIntervalMs, async () => {
      const result = await qr.sweep();
      if (result.expired > 0 || result.credited > 0) log.info(result, 'swept QR codes');
    });
    // Claimed coupons whose process died before their credit.
    await jobs.every('spin.sweep', config.reconcileIntervalMs, async () => {
      const result = await spin.sweep(config.reconcileGraceMs);
      if (result.credited > 0) log.info(result, 'credited claimed coupons');
    });
    // Slips whose job was lost.
    await jobs.every('slips.sweep', config.reconcileIntervalMs, async () => {
      const result = await slipVerification.sweep(SLIP_SWEEP_AFTER_MS);
      if (result.verified > 0) log.info(result, 'swept slips');
    });
    // Chat uploads that no message named in time (docs/decisions/0056-chat-abuse-limits.md).
    await jobs.every('chat.orphan-files', CHAT_ORPHAN_SWEEP_MS, async () => {
      const removed = await removeOrphanFiles({ db, storage, log });
      if (removed > 0) log.info({ removed }, 'removed orphan chat files');
    });
    // Rows no rule reads any more: old keys, sessions, OTP requests.
    await jobs.every('housekeeping', config.reconcileIntervalMs, async () => {
      await removeStaleRows(db, idempotency);
    });
  }

  // Infrastructure first (STYLE.md, fastify/demo), in the order a request meets it.
  await app.register(errorsPlugin);
  const webPage = await loadWebPage(config.webDist, config.laos);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    scriptHashes: webPage?.scriptHashes ?? [],
    videoOrigins: config.howtoVideoOrigins,
  });
  await app.register(compressionPlugin);
  await app.register(ipAllowListPlugin, { rules: config.ipAllowList });
  await app.register(serviceSwitchPlugin, { state: serviceState });
  await app.register(textInputPlugin);
  await app.register(rateLimitPlugin, {
    globalPerMinute: limits.globalPerMinute,
    redis,
    keyPrefix: config.redisKeyPrefix,
  });
  await app.register(authPlugin, { auth });
  await app.register(staffAuthPlugin, { staff });

  // Domains.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(lookupRoutes, { prefix: '/api/lookup', lookup });
  await app.register(depositLookupRoutes, { prefix: '/api/lookup', deposits });
  await app.register(authRoutes, { prefix: '/api', auth, loginPerMinute: limits.loginPerMinute });
  await app.register(accountRoutes, {
    prefix: '/api/account',
    accounts,
    variant,
    registerPerMinute: limits.registerPerMinute,
  });
  await app.register(otpRoutes, {
    prefix: '/api/otp',
    otp,
    variant,
    otpPerMinute: limits.otpPerMinute,
  });
  await app.register(walletRoutes, { prefix: '/api/wallet', wallet, sandbox: config.sandbox });
  await app.register(gameAccountRoutes, { prefix: '/api/wallet', games });
  await app.register(autoLoginRoutes, { prefix: '/api/autoLogin', games });
  await app.register(statementRoutes, { prefix: '/api/statement', statement });
  await app.register(slipUploadRoutes, { prefix: '/api/wallet', slips });
  await app.register(slipStatementRoutes, { prefix: '/api/statement', slips });
  await app.register(qrRoutes, { prefix: '/api/qrcode', qr });
  await app.register(bonusRoutes, { prefix: '/api/bonus', bonuses });
  await app.register(promotionRoutes, { prefix: '/api/promotion', bonuses });
  await app.register(refundRoutes, { prefix: '/api/refund', refunds });
  await app.register(inviteRoutes, { prefix: '/api/invite', invites });
  await app.register(qrCallbackRoutes, { prefix: '/api/callbacks/qr', qr });
  await app.register(spinRoutes, { prefix: '/api/spinwheel', spin });
  await app.register(chatRoutes, { prefix: '/api/chat', chat });
  await app.register(staffRoutes, {
    prefix: '/api/backoffice',
    staff,
    loginPerMinute: limits.loginPerMinute,
  });
  await app.register(backofficeChatRoutes, { prefix: '/api/backoffice/chat', chat });
  if (sandboxSms) {
    const sandbox = new SandboxService({ db, sms: sandboxSms, serviceState });
    await app.register(sandboxRoutes, { prefix: '/api/sandbox', sandbox, variant });
    if (sandboxGiftLinks) {
      await app.register(depositSandboxRoutes, {
        prefix: '/api/sandbox',
        deposits,
        giftLinks: sandboxGiftLinks,
      });
    }
    await app.register(qrSandboxRoutes, {
      prefix: '/api/sandbox',
      qr,
      providers: qrProviderAdapters,
    });
    if (sandboxSlips) {
      await app.register(slipSandboxRoutes, { prefix: '/api/sandbox', verifier: sandboxSlips });
    }
    await app.register(sandboxGamesRoutes, {
      prefix: '/api/sandbox',
      db,
      faults,
      providers,
      games,
      withdrawals,
    });
    await app.register(sandboxPlayRoutes, { prefix: '/sandbox/games', providers });
  }

  // Last: the SPA and the answer for every path nothing above claimed.
  await app.register(webAppPlugin, { webDist: config.webDist, page: webPage });
}

/** The sandbox's support account (README, docs/decisions/0044): made once, never changed. */
/**
 * How often each process checks its signed-in chat sockets' sessions again: a member who signs
 * out, changes the password or is switched off stops hearing the socket within this time.
 */
const CHAT_SESSION_CHECK_MS = 30_000;

/** How often unnamed chat uploads are looked for: they may stay 70 minutes, so minutes suffice. */
const CHAT_ORPHAN_SWEEP_MS = 5 * 60_000;

export const DEMO_STAFF = { username: 'support', name: 'Support', password: 'support-demo' };
