import { z } from 'zod';
import { CurrencySchema, phoneSchema } from './account';
import { TimestampSchema } from './common';
import {
  type DepositBankCode,
  depositBankCodes,
  gameCategories,
  gameProviderCodes,
  qrProviders,
} from './constants';
import { depositModes, walletAccountModes } from './deposit';
import { GameCodeParamSchema } from './games';
import { ReasonSchema } from './staff';

/**
 * The accounts members pay into and the game providers they play at, as the operator sets them
 * in the back office (docs/backoffice.md, "Settings"; issue 33). The same schemas check a change
 * in the back office's forms and on the server; each change is in the audit log with before
 * and after, and members meet it on their next call.
 */

const reason = ReasonSchema.shape.reason;

/** A name or label of up to `max` characters, required. */
const text = (max: number) =>
  z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(max, { error: 'KEY_INVALID' });

// Deposit accounts: bank accounts and QR providers' merchant accounts.

/**
 * The deposit codes that are payment providers, not banks (the spec's entities): their account
 * is a QR merchant (`bankType` PAYMENT), always credited by the provider's callback (AUTO).
 * KBANK is a bank whose AUTO account also serves its QR.
 */
export const paymentDepositCodes = [
  'WW',
  'PAYTIMZ',
  'PAYONEX',
] as const satisfies readonly DepositBankCode[];

/** BANK or PAYMENT, from the code alone: nobody has to choose it, so nobody chooses it wrong. */
export function depositBankTypeOf(code: DepositBankCode): 'BANK' | 'PAYMENT' {
  return (paymentDepositCodes as readonly string[]).includes(code) ? 'PAYMENT' : 'BANK';
}

/**
 * A deposit account as the operator writes it. The server also refuses a bank account in
 * another currency than its bank's country's (a kip amount read as baht: docs/decisions/0050),
 * and an account number the same bank already has (`EXISTING_BANK`).
 */
export const DepositAccountFieldsSchema = z
  .object({
    bankCode: z.enum(depositBankCodes, { error: 'KEY_INVALID' }),
    /** AUTO: credited by the bank feed or the provider; MANUAL: the member uploads a slip. */
    mode: z.enum(depositModes, { error: 'KEY_INVALID' }),
    nameTH: text(100),
    nameEN: text(100),
    accountName: text(100),
    /** The bank account number, or the provider's merchant id (`WW-000111`). */
    accountNo: z
      .string({ error: 'KEY_INVALID' })
      .trim()
      .min(1, { error: 'KEY_MISSING' })
      .regex(/^[A-Za-z0-9-]{3,20}$/, { error: 'KEY_INVALID' }),
    currency: CurrencySchema,
    /** Members see it (in its currency) only while it is on. */
    active: z.boolean({ error: 'KEY_INVALID' }),
  })
  .refine((account) => depositBankTypeOf(account.bankCode) === 'BANK' || account.mode === 'AUTO', {
    error: 'KEY_INVALID',
    path: ['mode'],
  });
export type DepositAccountFields = z.infer<typeof DepositAccountFieldsSchema>;

/** A deposit account as the back office lists it. */
export const OperatorDepositAccountSchema = z.object({
  id: z.number().int(),
  bankCode: z.enum(depositBankCodes),
  bankType: z.enum(['BANK', 'PAYMENT']),
  mode: z.enum(depositModes),
  nameTH: z.string(),
  nameEN: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  currency: CurrencySchema,
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type OperatorDepositAccount = z.infer<typeof OperatorDepositAccountSchema>;

/** `GET /api/backoffice/settings/deposit-accounts`: every account, on or off, in order. */
export const DepositAccountsResponseSchema = z.object({
  accounts: z.array(OperatorDepositAccountSchema),
});
export type DepositAccountsResponse = z.infer<typeof DepositAccountsResponseSchema>;

/** `POST …/deposit-accounts` and `PUT …/deposit-accounts/{id}`: the whole account, and why. */
export const DepositAccountChangeSchema = z.object({ account: DepositAccountFieldsSchema, reason });
export type DepositAccountChange = z.infer<typeof DepositAccountChangeSchema>;

// TrueMoney wallets.

/** A TrueMoney wallet members send baht to: AUTO (credited by TrueMoney) or GIFT_LINK. */
export const TruemoneyAccountFieldsSchema = z.object({
  mode: z.enum(walletAccountModes, { error: 'KEY_INVALID' }),
  /** The wallet's Thai mobile number, which members send to. */
  phone: phoneSchema({ laos: false }),
  active: z.boolean({ error: 'KEY_INVALID' }),
});
export type TruemoneyAccountFields = z.infer<typeof TruemoneyAccountFieldsSchema>;

export const OperatorTruemoneyAccountSchema = z.object({
  id: z.number().int(),
  mode: z.enum(walletAccountModes),
  phone: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type OperatorTruemoneyAccount = z.infer<typeof OperatorTruemoneyAccountSchema>;

/** `GET /api/backoffice/settings/truemoney-accounts`: every wallet, on or off, in order. */
export const TruemoneyAccountsResponseSchema = z.object({
  accounts: z.array(OperatorTruemoneyAccountSchema),
});
export type TruemoneyAccountsResponse = z.infer<typeof TruemoneyAccountsResponseSchema>;

/** `POST …/truemoney-accounts` and `PUT …/truemoney-accounts/{id}`. */
export const TruemoneyAccountChangeSchema = z.object({
  account: TruemoneyAccountFieldsSchema,
  reason,
});
export type TruemoneyAccountChange = z.infer<typeof TruemoneyAccountChangeSchema>;

/**
 * `PUT …/deposit-accounts/order` and `…/truemoney-accounts/order`: every account's id, in the
 * order members see them. A list that leaves one out, or names one twice, is refused
 * (KEY_INVALID): it was made from a stale screen.
 */
export const AccountOrderSchema = z.object({
  ids: z
    .array(z.number({ error: 'KEY_INVALID' }).int({ error: 'KEY_INVALID' }).min(1), {
      error: 'KEY_INVALID',
    })
    .min(1, { error: 'KEY_MISSING' })
    .max(500, { error: 'KEY_INVALID' }),
  reason,
});
export type AccountOrder = z.infer<typeof AccountOrderSchema>;

// Game providers.

/** A link of a game or its logo: https only, as the app's content policy loads it. */
export const HttpsUrlSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .max(500, { error: 'KEY_INVALID' })
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'KEY_INVALID' }));

/** A link the operator may leave out: '' (an emptied box) is none. */
const OptionalLinkSchema = z.union([z.null(), z.literal('').transform(() => null), HttpsUrlSchema]);

/** A game provider as the back office lists it. */
export const OperatorGameProviderSchema = z.object({
  code: z.enum(gameProviderCodes),
  name: z.string(),
  category: z.enum(gameCategories),
  /** An https address, or the picture the seed drew (a data URL). */
  logo: z.string(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
  /** Members see it only while it is on. */
  active: z.boolean(),
  /** Members see it as under maintenance; nothing of theirs reaches it meanwhile. */
  maintenance: z.boolean(),
  sortOrder: z.number().int(),
});
export type OperatorGameProvider = z.infer<typeof OperatorGameProviderSchema>;

export const GameProvidersResponseSchema = z.object({
  providers: z.array(OperatorGameProviderSchema),
});
export type GameProvidersResponse = z.infer<typeof GameProvidersResponseSchema>;

/** `PUT …/game-providers/{code}`: what changes (a field left out stays), and why. */
export const GameProviderChangeSchema = z.object({
  active: z.boolean({ error: 'KEY_INVALID' }).optional(),
  maintenance: z.boolean({ error: 'KEY_INVALID' }).optional(),
  logo: HttpsUrlSchema.optional(),
  web: OptionalLinkSchema.optional(),
  android: OptionalLinkSchema.optional(),
  ios: OptionalLinkSchema.optional(),
  reason,
});
export type GameProviderChange = z.infer<typeof GameProviderChangeSchema>;

export const GameProviderParamsSchema = z.object({ code: GameCodeParamSchema });

/** `PUT …/game-providers/order`: every provider's code, in the order members see them. */
export const GameProviderOrderSchema = z.object({
  codes: z
    .array(z.enum(gameProviderCodes, { error: 'KEY_INVALID' }), { error: 'KEY_INVALID' })
    .min(1, { error: 'KEY_MISSING' })
    .max(gameProviderCodes.length, { error: 'KEY_INVALID' }),
  reason,
});
export type GameProviderOrder = z.infer<typeof GameProviderOrderSchema>;

/** The order a list of codes or ids is in after moving one of them a step up (-1) or down (1). */
export function movedOrder<T>(order: readonly T[], item: T, step: -1 | 1): T[] {
  const from = order.indexOf(item);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next[from] = order[to] as T;
  next[to] = item;
  return next;
}

/** Whether `order` names every one of `all` exactly once (an order from a current screen). */
export function isWholeOrder<T>(order: readonly T[], all: readonly T[]): boolean {
  const named = new Set(order);
  return (
    named.size === order.length && order.length === all.length && all.every((x) => named.has(x))
  );
}

// QR providers' callback secrets.

/** A QR provider's callback secret, as the back office sees it: never its value. */
export const QrSecretStateSchema = z.object({
  provider: z.enum(qrProviders),
  /** When it was last rotated; null for the secret made at first start. */
  rotatedAt: TimestampSchema.nullable(),
  /** Until when callbacks signed with the secret before it are still taken; null for none. */
  previousUntil: TimestampSchema.nullable(),
});
export type QrSecretState = z.infer<typeof QrSecretStateSchema>;

/** `GET /api/backoffice/settings/qr-secrets`; `graceSeconds`: how long an old secret is taken. */
export const QrSecretsResponseSchema = z.object({
  secrets: z.array(QrSecretStateSchema),
  graceSeconds: z.number().int(),
});
export type QrSecretsResponse = z.infer<typeof QrSecretsResponseSchema>;

/**
 * `POST …/qr-secrets/{provider}/rotate` `{ reason }`: the new secret, answered this once (to
 * give to the provider) and kept nowhere the back office can read it again.
 */
export const QrSecretRotatedSchema = z.object({
  provider: z.enum(qrProviders),
  secret: z.string(),
  previousUntil: TimestampSchema,
});
export type QrSecretRotated = z.infer<typeof QrSecretRotatedSchema>;
