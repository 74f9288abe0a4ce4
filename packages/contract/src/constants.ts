/** The spec's constants and limits, business constants and limits, in one place for server and client. */

export const APP_VERSION = '1.1.14';

export const locales = ['th', 'la', 'en'] as const;
export type Locale = (typeof locales)[number];
/** STYLE.md habit 6: the stored key is `la`; `<html lang>` and Intl use the real code `lo`. */
export const intlLocale: Record<Locale, string> = { th: 'th-TH', la: 'lo-LA', en: 'en-GB' };
export const htmlLang: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

export const currencies = ['BAHT', 'LAK'] as const;
export type Currency = (typeof currencies)[number];
/** The spec's overview: the Laos variant offers LAK or BAHT, default LAK. */
export const LAOS_DEFAULT_CURRENCY: Currency = 'LAK';

/** The countries whose banks the seed holds (docs/decisions/0011-variant-banks.md). */
export const bankCountries = ['TH', 'LA'] as const;
export type BankCountry = (typeof bankCountries)[number];
/**
 * The currency a bank account holds is its bank's country's (docs/decisions/0050): a BAHT
 * wallet pays out to, and is paid from, Thai banks; a LAK wallet Lao banks. Money never crosses
 * from one to the other, so a kip amount is never read as baht.
 */
export const currencyCountry: Record<Currency, BankCountry> = { BAHT: 'TH', LAK: 'LA' };

export const gameProviderCodes = [
  'JOKER',
  'SEXYGAME',
  'BETFLIX',
  'ASKMEBET',
  'UFABET',
  'SUPERSLOT',
  'PG',
  'SLOTXO',
  'IMI',
  'USUN',
  'AREASLOT',
  'CIRCUS',
  'SLOTRACHA',
  'PGSLOT',
  'JOKER2',
  'HUAYHD',
] as const;
export type GameProviderCode = (typeof gameProviderCodes)[number];

export const gameCategories = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof gameCategories)[number];

/** The spec's calls, game auto-login: the providers and which of them take a password. */
export const autoLoginProviders = [
  'pg',
  'betflix',
  'askmebet',
  'imi',
  'usun',
  'areaslot',
  'circus',
  'slotracha',
  'pgslot',
  'joker2',
  'huayhd',
] as const;
export type AutoLoginProvider = (typeof autoLoginProviders)[number];
export const autoLoginWithPassword: readonly AutoLoginProvider[] = [
  'askmebet',
  'imi',
  'usun',
  'circus',
  'slotracha',
  'pgslot',
];

/** Deposit account bank codes (the spec's entities) and the QR flows among them. */
export const depositBankCodes = [
  'SCB',
  'KBANK',
  'GSB',
  'BCEL',
  'WW',
  'PAYTIMZ',
  'PAYONEX',
] as const;
export type DepositBankCode = (typeof depositBankCodes)[number];
export const qrProviders = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX'] as const;
export type QrProvider = (typeof qrProviders)[number];

/**
 * The spec's constants and limits, QR quick-amount buttons, in baht; kip buttons are the same steps in kip
 * (about 650 kip to the baht). The minimums and maximums are rules, not buttons: they are
 * settings per currency (`amountLimits`), answered by `GET /api/lookup/withdraw`.
 */
export const qrQuickAmounts: Record<Currency, Record<QrProvider, readonly number[]>> = {
  BAHT: {
    KBANK: [10, 20, 50, 100, 500, 1000],
    WW: [100, 200, 300, 500, 1000],
    PAYONEX: [100, 200, 300, 500, 1000],
    PAYTIMZ: [10, 50, 100, 500, 1000],
  },
  LAK: {
    KBANK: [10_000, 20_000, 50_000, 100_000, 500_000],
    WW: [100_000, 200_000, 300_000, 500_000, 1_000_000],
    PAYONEX: [100_000, 200_000, 300_000, 500_000, 1_000_000],
    PAYTIMZ: [10_000, 50_000, 100_000, 500_000, 1_000_000],
  },
};

/** Banks whose account names must be Latin letters (the spec's states, validation rules and constants and limits). */
export const latinNameBanks = ['KTB', 'TMB', 'BBL'] as const;
export const LATIN_NAME_PATTERN = /^[A-Za-z ]+$/;

export const PHONE_LENGTH = 10;
export const INVITE_CODE_PREFIX = 'PR';

export const SLIP_UPLOAD_WINDOW_MINUTES = 60;
export const BANK_CREDIT_MINUTES = 1;

export const timeouts = { requestMs: 60_000, uploadMs: 300_000 } as const;

export const paging = {
  invite: 10,
  refund: 10,
  chatHistory: 10,
  statement: 10,
  statementRangeBefore: 3,
  statementRangeAfter: 1,
  slip: 10,
  coupon: 3,
  /** The largest page a client may ask for; protects the server from a 1e9-row page. */
  maxLimit: 100,
} as const;

export const chatLimits = {
  textMax: 2000,
  imageMaxMb: 10,
  videoMaxMb: 20,
  imageTypes: ['png', 'jpeg', 'jpg', 'gif'],
  videoTypes: ['quicktime', 'mp4'],
  unreadThresholdPx: 60,
  socketCheckMs: 5000,
  readReceiptDebounceMs: 1000,
  socketReconnectDelayMs: 500,
} as const;

export const timings = {
  alertMs: 4000,
  registerRedirectMs: 2000,
  loadingOverlayDelayMs: 200,
  agreementModalDelayMs: 1500,
  homeWalletRefreshDelayMs: 200,
  claimDebounceMs: 500,
  wheelResizeDebounceMs: 500,
  editNameDelayMs: 200,
  autoCopyDelayMs: 1000,
  qrCountdownTickMs: 1000,
  spinMinMs: 4000,
  spinMaxMs: 5000,
  spinMinTurns: 2,
  spinMaxTurns: 3,
} as const;

export const display = {
  wheelMaxPx: 350,
  wheelNarrowRatio: 0.85,
  carouselSlidesPerView: 2.2,
  moneyDecimals: 2,
  dateFormat: 'DD/MM/YYYY HH:mm:ss',
} as const;

/** The spec's constants and limits, time-ago units in seconds, largest first. */
export const timeAgoUnits = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** The spec's entities, local storage keys. */
export const storageKeys = {
  token: 'token',
  locale: 'locale',
  agreement: 'remember-agreement',
  lastSync: 'last_sync',
  guestId: 'guest-id',
  inviteCode: 'invite-code',
  deviceId: 'device-id',
} as const;

/** Header the web client sends on every call (the spec's roles). */
export const WALLET_USER_HEADER = 'X-Wallet-User';
/** The headers of every call of the web client, besides the token (apps/web, api-client.ts). */
export const clientHeaders = { Accept: 'application/json', [WALLET_USER_HEADER]: '1' } as const;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/**
 * A random id the web client keeps for the browser and sends on every call: the back office
 * flags members who registered or signed in on the same device (docs/backoffice.md).
 */
export const DEVICE_HEADER = 'X-Wallet-Device';
export const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How-to videos (the spec's screens), in the order shown. */
export const howtoVideos = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'] as const;
export type HowtoVideo = (typeof howtoVideos)[number];

/**
 * CONTRACT.md: a withdrawal above this (baht or kip) waits for staff; the demo's figures, and
 * the default of an installation whose settings do not say (setting `withdrawLimits`).
 */
export const withdrawApprovalAbove: Record<Currency, number> = { BAHT: 5_000, LAK: 3_000_000 };
