import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  isDeveloperEnvironment,
  LOOPBACK,
  resolveSandbox,
  sandboxSetting,
} from './config-sandbox';
import {
  flag,
  integer,
  ipRules,
  isWebOrigin,
  listOf,
  parseIpRule,
  secret,
  trustProxy,
  url,
} from './config-values';
import { type KeySource, parseKeyList, type SecretKey } from './lib/secret-keys';
import { defaultWebDist } from './paths';

export { ConfigError, parseIpRule };

/**
 * The environment of the API contract plus the server's own knobs (docs/configuration.md lists
 * every one). All are optional; a bad value stops the process at start with a message that
 * names the variable, because a half-configured money service must not start.
 */

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Where the how-to videos may come from (the CSP's frame-src and media-src): the seed's clips
 * and the YouTube player the web app turns YouTube links into (features/lookup/video-source.ts).
 */
const DEFAULT_HOWTO_VIDEO_ORIGINS = [
  'https://interactive-examples.mdn.mozilla.net',
  'https://www.youtube-nocookie.com',
];
const VIDEO_ORIGIN = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

const EnvSchema = z.object({
  PORT: integer('PORT', 3000, 1, 65_535),
  HOST: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  DATA_DIR: z
    .string()
    .optional()
    .transform((v) => resolve(v?.trim() || './data')),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_POOL_MAX: integer('DATABASE_POOL_MAX', 10, 1, 500),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: z
    .string()
    .optional()
    .transform((v) => v?.trim() || 'wallet:'),
  SANDBOX: sandboxSetting,
  NODE_ENV: z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? ''),
  LAOS: flag('LAOS'),
  API_DOCS: flag('API_DOCS'),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? '').trim().toLowerCase() || 'info';
      if (!(logLevels as readonly string[]).includes(v)) {
        ctx.addIssue({
          code: 'custom',
          message: `LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${value}")`,
        });
        return z.NEVER;
      }
      return v as (typeof logLevels)[number];
    }),
  LOG_PRETTY: flag('LOG_PRETTY'),
  CORS_ORIGINS: listOf('CORS_ORIGINS', [], isWebOrigin, 'an origin like https://example.com'),
  HOWTO_VIDEO_ORIGINS: listOf(
    'HOWTO_VIDEO_ORIGINS',
    DEFAULT_HOWTO_VIDEO_ORIGINS,
    (origin) => VIDEO_ORIGIN.test(origin),
    'an https origin like https://videos.example.com or https://*.example.com',
  ),
  IP_ALLOW_LIST: ipRules('IP_ALLOW_LIST'),
  STAFF_IP_ALLOW_LIST: ipRules('STAFF_IP_ALLOW_LIST'),
  METRICS_TOKEN: secret('METRICS_TOKEN', 32),
  METRICS_ALLOW_LIST: ipRules('METRICS_ALLOW_LIST'),
  TRUST_PROXY: trustProxy,
  SESSION_TTL_HOURS: integer('SESSION_TTL_HOURS', 24 * 7, 1, 24 * 365),
  SESSION_CACHE_MS: integer('SESSION_CACHE_MS', 3000, 0, 60_000),
  STAFF_SESSION_HOURS: integer('STAFF_SESSION_HOURS', 8, 1, 24),
  STAFF_IDLE_MINUTES: integer('STAFF_IDLE_MINUTES', 30, 1, 24 * 60),
  STAFF_CODE_FRESH_MINUTES: integer('STAFF_CODE_FRESH_MINUTES', 5, 1, 60),
  RATE_LIMIT_GLOBAL_PER_MIN: integer('RATE_LIMIT_GLOBAL_PER_MIN', 1200, 1, 1_000_000),
  RATE_LIMIT_LOGIN_PER_MIN: integer('RATE_LIMIT_LOGIN_PER_MIN', 60, 1, 1_000_000),
  RATE_LIMIT_REGISTER_PER_MIN: integer('RATE_LIMIT_REGISTER_PER_MIN', 30, 1, 1_000_000),
  RATE_LIMIT_OTP_PER_MIN: integer('RATE_LIMIT_OTP_PER_MIN', 30, 1, 1_000_000),
  LOGIN_MAX_FAILURES: integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
  LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: integer(
    'LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR',
    50,
    1,
    100_000,
  ),
  GIFT_LINK_ATTEMPTS_PER_HOUR: integer('GIFT_LINK_ATTEMPTS_PER_HOUR', 10, 1, 1000),
  GAME_CALLS_PER_MINUTE: integer('GAME_CALLS_PER_MINUTE', 30, 1, 10_000),
  SLIP_ATTEMPTS_PER_HOUR: integer('SLIP_ATTEMPTS_PER_HOUR', 20, 1, 1000),
  SLIP_ATTEMPTS_PER_HOUR_PER_IP: integer('SLIP_ATTEMPTS_PER_HOUR_PER_IP', 300, 1, 1_000_000),
  SLIP_VERIFY_RETRY_SECONDS: integer('SLIP_VERIFY_RETRY_SECONDS', 30, 1, 3600),
  GAME_SECRET_KEYS: z
    .string()
    .optional()
    .transform((value, ctx): SecretKey[] | undefined => {
      if ((value ?? '').trim() === '') return undefined;
      try {
        return parseKeyList(value ?? '');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `GAME_SECRET_KEYS ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  GAME_SECRET_KEY_FILE: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? resolve(v.trim()) : undefined)),
  UPLOADS_DIR: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? resolve(v.trim()) : undefined)),
  QR_ATTEMPTS_PER_HOUR: integer('QR_ATTEMPTS_PER_HOUR', 30, 1, 1000),
  CHAT_MESSAGES_PER_MINUTE: integer('CHAT_MESSAGES_PER_MINUTE', 30, 1, 10_000),
  CHAT_UPLOADS_PER_HOUR: integer('CHAT_UPLOADS_PER_HOUR', 30, 1, 10_000),
  CHAT_GUEST_MESSAGES_PER_IP_PER_MINUTE: integer(
    'CHAT_GUEST_MESSAGES_PER_IP_PER_MINUTE',
    120,
    1,
    100_000,
  ),
  CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR: integer(
    'CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR',
    60,
    1,
    100_000,
  ),
  CHAT_UPLOADS_PER_IP_PER_HOUR: integer('CHAT_UPLOADS_PER_IP_PER_HOUR', 120, 1, 100_000),
  CHAT_STORAGE_QUOTA_MB: integer('CHAT_STORAGE_QUOTA_MB', 10_240, 1, 100_000_000),
  CHAT_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, 'CHAT_PREFIX is 1 to 32 letters, digits or _')
    .default('wallet'),
  QR_LIFETIME_SECONDS: integer('QR_LIFETIME_SECONDS', 600, 60, 3600),
  QR_SECRET_GRACE_SECONDS: integer('QR_SECRET_GRACE_SECONDS', 86_400, 1, 7 * 86_400),
  PAYTIMZ_MINIMUM: z
    .string()
    .optional()
    .transform((value, ctx): number | undefined => {
      const v = (value ?? '').trim();
      if (v === '') return undefined;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1 && n <= 100_000) return n;
      ctx.addIssue({
        code: 'custom',
        message: `PAYTIMZ_MINIMUM must be a whole number of baht from 1 (got "${value}")`,
      });
      return z.NEVER;
    }),
  LOGIN_FAILURE_WINDOW_MINUTES: integer('LOGIN_FAILURE_WINDOW_MINUTES', 15, 1, 24 * 60),
  OTP_RESEND_SECONDS: integer('OTP_RESEND_SECONDS', 60, 1, 3600),
  OTP_MAX_PER_HOUR: integer('OTP_MAX_PER_HOUR', 5, 1, 1000),
  OTP_BLOCK_MINUTES: integer('OTP_BLOCK_MINUTES', 30, 1, 24 * 60),
  OTP_SMS_PER_HOUR: integer('OTP_SMS_PER_HOUR', 1000, 1, 1_000_000),
  BANK_CHECKS_PER_PHONE_PER_HOUR: integer('BANK_CHECKS_PER_PHONE_PER_HOUR', 10, 1, 10_000),
  GAME_PROVIDER_TIMEOUT_MS: integer('GAME_PROVIDER_TIMEOUT_MS', 5000, 10, 120_000),
  RECONCILE_INTERVAL_MS: integer('RECONCILE_INTERVAL_MS', 15_000, 0, 3_600_000),
  RECONCILE_GRACE_MS: integer('RECONCILE_GRACE_MS', 30_000, 0, 3_600_000),
  WEB_DIST: z
    .string()
    .optional()
    .transform((v) => resolve(v?.trim() || defaultWebDist)),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files (deposit slips): UPLOADS_DIR, by default `DATA_DIR/uploads`. */
  uploadsDir: string;
  /**
   * Where the keys that seal game passwords come from (docs/decisions/0058): GAME_SECRET_KEYS,
   * else the key file GAME_SECRET_KEY_FILE (default `DATA_DIR/game-secret-keys.json`), made on
   * first start on a developer's machine only (isDeveloperEnvironment).
   */
  gameSecretKeys: KeySource;
  /** The slip verification job's pause between tries while the verifier fails. */
  slipVerifyRetrySeconds: number;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** The sandbox providers and /api/sandbox/* (resolved from SANDBOX, DATABASE_URL, NODE_ENV, HOST). */
  sandbox: boolean;
  /** The sandbox came on by itself (`npm start`), so the server keeps to loopback. */
  sandboxAutomatic: boolean;
  laos: boolean;
  /** The API reference at /api/docs (docs/api.md): API_DOCS=1, or the sandbox. */
  apiDocs: boolean;
  logLevel: (typeof logLevels)[number];
  logPretty: boolean;
  corsOrigins: string[];
  /** Origins the how-to videos play from (HOWTO_VIDEO_ORIGINS; the CSP's frame-src, media-src). */
  howtoVideoOrigins: string[];
  ipAllowList: string[];
  /** The back office's own allow-list, on top of IP_ALLOW_LIST (docs/backoffice.md). */
  staffIpAllowList: string[];
  /** Who may read GET /metrics (docs/observability.md); neither set: nobody (404). */
  metrics: { token: string | undefined; allowList: string[] };
  /** How many proxies, or which, may name the client in X-Forwarded-For; false: none. */
  trustProxy: false | number | string[];
  sessionTtlHours: number;
  /** Staff sessions (docs/backoffice.md): their longest life, their idle limit, how recent a code money wants. */
  staffSessions: { hours: number; idleMinutes: number; codeFreshMinutes: number };
  /** How long a process trusts a session it read (docs/decisions/0033-hot-path-round-trips.md). */
  sessionCacheMs: number;
  rateLimits: {
    globalPerMinute: number;
    loginPerMinute: number;
    registerPerMinute: number;
    otpPerMinute: number;
    loginMaxFailures: number;
    loginFailureWindowMinutes: number;
    /** Failures of one account from all addresses in an hour before its delays begin. */
    loginAccountMaxFailuresPerHour: number;
    otpResendSeconds: number;
    otpMaxPerHour: number;
    otpBlockMinutes: number;
    /** OTP messages the whole service may send per hour. */
    otpSmsPerHour: number;
    /** Registered-bank-account checks one verified phone may make per hour (EXISTING_BANK). */
    bankChecksPerPhonePerHour: number;
    /** Gift links a member may hand in per hour, good or bad (issue 12: abuse limits). */
    giftLinkAttemptsPerHour: number;
    /** Calls reaching a game provider (refresh, activate, reset, auto-login) per member per minute. */
    gameCallsPerMinute: number;
    /** Slips a member may upload per hour, good or bad (issue 12: abuse limits). */
    slipAttemptsPerHour: number;
    /** Slips one address may upload per hour, whoever signs in (issue 30). */
    slipAttemptsPerHourPerAddress: number;
    /** QR creations a member may ask for per hour. */
    qrAttemptsPerHour: number;
    /** Chat messages one member or guest may send per minute. */
    chatMessagesPerMinute: number;
    /** Chat files one member or guest may upload per hour. */
    chatUploadsPerHour: number;
    /** Guest chat messages from one address per minute, whatever guest ids they carry. */
    chatGuestMessagesPerIpPerMinute: number;
    /** New guest conversations from one address per hour. */
    chatGuestConversationsPerIpPerHour: number;
    /** Chat uploads from one address per hour, guests and members counted apart. */
    chatUploadsPerIpPerHour: number;
  };
  /** All chat files together may hold at most this many bytes (CHAT_STORAGE_QUOTA_MB). */
  chatStorageQuotaBytes: number;
  /** The chat rooms' prefix (`GET /api/chat/config`): rooms are `<prefix>-<userId or guestId>`. */
  chatPrefix: string;
  /** How long a deposit QR can be paid. */
  qrLifetimeSeconds: number;
  /** How long a QR provider's callbacks signed with its secret before a rotation are taken. */
  qrSecretGraceSeconds: number;
  /** The PAYTIMZ minimum and first quick amount (the spec's constants and limits); the web build reads it too. */
  paytimzMinimum: number | undefined;
  /** Each game provider call gives up after this long; the outcome is then unknown. */
  gameProviderTimeoutMs: number;
  /** How often this process runs the transfer reconciler; 0 turns it off (tests call it). */
  reconcileIntervalMs: number;
  /** A pending transfer is reconciled only once it is this old (longer than any call). */
  reconcileGraceMs: number;
  webDist: string;
};

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? '');
      return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const sandbox = resolveSandbox(e.SANDBOX, e.NODE_ENV, e.DATABASE_URL, e.HOST);
  // docs/decisions/0031: the reconciler may ask a provider about a transfer only once no call
  // for it can still be running there, or "not found" would be a guess that returns money the
  // provider is about to take (the money would then exist twice).
  if (e.RECONCILE_GRACE_MS < 2 * e.GAME_PROVIDER_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  RECONCILE_GRACE_MS must be at least twice GAME_PROVIDER_TIMEOUT_MS (${2 * e.GAME_PROVIDER_TIMEOUT_MS} ms); got ${e.RECONCILE_GRACE_MS}`,
    );
  }
  return {
    port: e.PORT,
    // The automatic sandbox listens on loopback only: another machine never reaches it.
    host: e.HOST ?? (sandbox.automatic ? LOOPBACK : '0.0.0.0'),
    dataDir: e.DATA_DIR,
    uploadsDir: e.UPLOADS_DIR ?? join(e.DATA_DIR, 'uploads'),
    gameSecretKeys: e.GAME_SECRET_KEYS
      ? { kind: 'list', keys: e.GAME_SECRET_KEYS }
      : {
          kind: 'file',
          path: e.GAME_SECRET_KEY_FILE ?? join(e.DATA_DIR, 'game-secret-keys.json'),
          create: isDeveloperEnvironment(e.NODE_ENV),
        },
    slipVerifyRetrySeconds: e.SLIP_VERIFY_RETRY_SECONDS,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    sandbox: sandbox.on,
    sandboxAutomatic: sandbox.automatic,
    laos: e.LAOS,
    apiDocs: e.API_DOCS || sandbox.on,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    corsOrigins: e.CORS_ORIGINS,
    howtoVideoOrigins: e.HOWTO_VIDEO_ORIGINS,
    ipAllowList: e.IP_ALLOW_LIST,
    staffIpAllowList: e.STAFF_IP_ALLOW_LIST,
    metrics: { token: e.METRICS_TOKEN, allowList: e.METRICS_ALLOW_LIST },
    trustProxy: e.TRUST_PROXY,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    staffSessions: {
      hours: e.STAFF_SESSION_HOURS,
      idleMinutes: e.STAFF_IDLE_MINUTES,
      codeFreshMinutes: e.STAFF_CODE_FRESH_MINUTES,
    },
    sessionCacheMs: e.SESSION_CACHE_MS,
    rateLimits: {
      globalPerMinute: e.RATE_LIMIT_GLOBAL_PER_MIN,
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MIN,
      registerPerMinute: e.RATE_LIMIT_REGISTER_PER_MIN,
      otpPerMinute: e.RATE_LIMIT_OTP_PER_MIN,
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginFailureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
      loginAccountMaxFailuresPerHour: e.LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR,
      otpResendSeconds: e.OTP_RESEND_SECONDS,
      otpMaxPerHour: e.OTP_MAX_PER_HOUR,
      otpBlockMinutes: e.OTP_BLOCK_MINUTES,
      otpSmsPerHour: e.OTP_SMS_PER_HOUR,
      bankChecksPerPhonePerHour: e.BANK_CHECKS_PER_PHONE_PER_HOUR,
      giftLinkAttemptsPerHour: e.GIFT_LINK_ATTEMPTS_PER_HOUR,
      gameCallsPerMinute: e.GAME_CALLS_PER_MINUTE,
      slipAttemptsPerHour: e.SLIP_ATTEMPTS_PER_HOUR,
      slipAttemptsPerHourPerAddress: e.SLIP_ATTEMPTS_PER_HOUR_PER_IP,
      qrAttemptsPerHour: e.QR_ATTEMPTS_PER_HOUR,
      chatMessagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
      chatUploadsPerHour: e.CHAT_UPLOADS_PER_HOUR,
      chatGuestMessagesPerIpPerMinute: e.CHAT_GUEST_MESSAGES_PER_IP_PER_MINUTE,
      chatGuestConversationsPerIpPerHour: e.CHAT_GUEST_CONVERSATIONS_PER_IP_PER_HOUR,
      chatUploadsPerIpPerHour: e.CHAT_UPLOADS_PER_IP_PER_HOUR,
    },
    chatStorageQuotaBytes: e.CHAT_STORAGE_QUOTA_MB * 1024 * 1024,
    chatPrefix: e.CHAT_PREFIX,
    qrLifetimeSeconds: e.QR_LIFETIME_SECONDS,
    qrSecretGraceSeconds: e.QR_SECRET_GRACE_SECONDS,
    paytimzMinimum: e.PAYTIMZ_MINIMUM,
    gameProviderTimeoutMs: e.GAME_PROVIDER_TIMEOUT_MS,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    reconcileGraceMs: e.RECONCILE_GRACE_MS,
    webDist: e.WEB_DIST,
  };
}
