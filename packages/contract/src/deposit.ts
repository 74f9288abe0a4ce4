import { z } from 'zod';
import { CurrencySchema } from './account';
import {
  type Currency,
  depositBankCodes,
  type QrProvider,
  qrProviders,
  qrQuickAmounts,
} from './constants';
import { AmountInputSchema, MoneyOutSchema, MoneySchema } from './money';
import { SlipSchema } from './statement';
import { MoneyMoveResponseSchema } from './wallet';

/** Deposits (the spec's screens, entities, states, validation rules and calls): bank transfer, QR, gift link, slip. */

// Receiving accounts: GET /api/lookup/deposit.

export const DepositBankCodeSchema = z.enum(depositBankCodes);
export const depositBankTypes = ['BANK', 'PAYMENT'] as const;
export const depositModes = ['AUTO', 'MANUAL'] as const;

/**
 * Deposit account (the spec's entities). `bankType` is PAYMENT for the payment-provider QR
 * types and BANK for a plain bank account; `mode` AUTO is credited by the bank feed or the
 * provider, MANUAL needs a slip.
 */
export const DepositAccountSchema = z.object({
  bankCode: DepositBankCodeSchema,
  bankType: z.enum(depositBankTypes),
  mode: z.enum(depositModes),
  bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: CurrencySchema,
});
export type DepositAccount = z.infer<typeof DepositAccountSchema>;

/** True-wallet receiving account; `walletAccountName` is the phone number to send to. */
export const walletAccountModes = ['AUTO', 'GIFT_LINK'] as const;
export const WalletAccountSchema = z.object({
  mode: z.enum(walletAccountModes),
  walletAccountName: z.string(),
});
export type WalletAccount = z.infer<typeof WalletAccountSchema>;

export const DepositLookupResponseSchema = z.object({
  banks: z.array(DepositAccountSchema),
  wallets: z.array(WalletAccountSchema),
  isManual: z.boolean(),
});
export type DepositLookupResponse = z.infer<typeof DepositLookupResponseSchema>;

/**
 * The spec's screens: KBANK in AUTO mode, WW, PAYTIMZ and PAYONEX are QR flows; every other
 * account is shown with a copy action. Answers the QR provider, or null for a bank account.
 */
export function qrProviderOf(account: { bankCode: string; mode: string }): QrProvider | null {
  if (account.bankCode === 'KBANK') return account.mode === 'AUTO' ? 'KBANK' : null;
  return (qrProviders as readonly string[]).includes(account.bankCode)
    ? (account.bankCode as QrProvider)
    : null;
}

// QR deposits: GET/POST /api/qrcode/{provider}, DELETE /api/qrcode/{qrcodeId}.

/** The provider in a path, case-insensitive. */
export const QrProviderSchema = z
  .string({ error: 'KEY_INVALID' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(qrProviders, { error: 'KEY_INVALID' }));

export const QrProviderParamsSchema = z.object({ provider: QrProviderSchema });
export type QrProviderParams = z.infer<typeof QrProviderParamsSchema>;

export const QrcodeIdParamsSchema = z.object({
  qrcodeId: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(100, { error: 'KEY_INVALID' }),
});
export type QrcodeIdParams = z.infer<typeof QrcodeIdParamsSchema>;

/**
 * QR code state (the spec's entities), the answer of GET and POST. With a live QR: its id, the
 * image, the exact amount to pay and the seconds left (`expireIn`, counted down by the
 * client). Without one: `message` says why, when creation failed (a danger toast).
 * `qrcode` is a `data:image/…` URL shown in an <img>, never markup injected into the page.
 */
export const QrcodeStateSchema = z.discriminatedUnion('hasQrcode', [
  z.object({
    hasQrcode: z.literal(true),
    qrcodeId: z.string(),
    qrcode: z.string().startsWith('data:image/'),
    amount: MoneyOutSchema,
    expireIn: z.number().int().min(0),
  }),
  z.object({
    hasQrcode: z.literal(false),
    message: z.string().optional(),
    // Set when creation was refused: the client translates the code and may show `message`,
    // the provider's own words, beside it.
    code: z.literal('QR_FAIL').optional(),
  }),
]);
export type QrcodeState = z.infer<typeof QrcodeStateSchema>;

/**
 * A build setting may override the PAYTIMZ minimum; it also becomes the first quick-amount
 * button (the spec's constants and limits). It is a baht figure: it applies to baht QRs only.
 */
export type QrOptions = { paytimzMinimum?: number | undefined };

/**
 * The QR rules of one currency, as `GET /api/lookup/withdraw` answers them to a member: each
 * provider's minimum and maximum, and the largest single deposit, which caps every maximum.
 */
export type QrLimits = {
  qrMin: Record<QrProvider, number>;
  qrMax: Record<QrProvider, number>;
  depositMax: number;
};

export function qrQuickAmountsFor(
  provider: QrProvider,
  currency: Currency,
  options: QrOptions = {},
): readonly number[] {
  const base = qrQuickAmounts[currency][provider];
  const override =
    provider === 'PAYTIMZ' && currency === 'BAHT' ? options.paytimzMinimum : undefined;
  return override === undefined ? base : [override, ...base.slice(1)];
}

/** The spec's validation rules: nothing is created below 1, whatever the provider. */
export const QR_CREATE_FLOOR = 1;

/** The smallest amount a QR of this provider is created for. */
export function qrMinimum(provider: QrProvider, limits: QrLimits): number {
  return Math.max(QR_CREATE_FLOOR, limits.qrMin[provider]);
}

/**
 * The largest amount a QR of this provider is created for: the provider's own maximum (set by
 * the operator, issue 33), never above the currency's largest single deposit.
 */
export function qrMaximum(provider: QrProvider, limits: QrLimits): number {
  return Math.min(limits.qrMax[provider], limits.depositMax);
}

/**
 * The spec's validation rules: the create button is disabled when the amount is 0 or less for KBANK and
 * below the provider minimum for WW, PAYTIMZ and PAYONEX; and (issue 30) above the currency's
 * largest deposit, or (issue 33) above the provider's maximum.
 */
export function canCreateQr(provider: QrProvider, amount: number, limits: QrLimits) {
  if (!Number.isFinite(amount) || amount > qrMaximum(provider, limits)) return false;
  if (provider === 'KBANK') return amount > 0;
  return amount >= limits.qrMin[provider];
}

/**
 * `POST /api/qrcode/{provider}` `{ amount }` in the member's currency; below the minimum is
 * `deposit.qrMinimumMsg`, above the provider's maximum `deposit.qrMaximumMsg` (the server answers
 * both QR_FAIL on `amount`).
 */
export function qrCreateSchema(provider: QrProvider, limits: QrLimits) {
  const min = qrMinimum(provider, limits);
  const max = qrMaximum(provider, limits);
  return z.object({
    amount: MoneySchema.refine((amount) => amount >= min, {
      error: 'deposit.qrMinimumMsg',
      params: { min },
    }).refine((amount) => amount <= max, { error: 'deposit.qrMaximumMsg', params: { max } }),
  });
}
export type QrCreateRequest = z.infer<ReturnType<typeof qrCreateSchema>>;

/** The QR amount form: its box may be empty; what it sends is the request above. */
export function qrAmountFormSchema(provider: QrProvider, limits: QrLimits) {
  return z.object({ amount: AmountInputSchema }).pipe(qrCreateSchema(provider, limits));
}
export type QrAmountFormValues = z.input<ReturnType<typeof qrAmountFormSchema>>;

export const QrcodeDeleteResponseSchema = z.object({ success: z.literal(true) });
export type QrcodeDeleteResponse = z.infer<typeof QrcodeDeleteResponseSchema>;

// True-wallet gift link: POST /api/wallet/truelink (the API contract, gift-link encryption).

/** The link as pasted, before encryption; the send button is disabled while it is empty. */
export const TruelinkFormSchema = z.object({
  link: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(500, { error: 'TRUELINK_INVALID' }),
});
export type TruelinkForm = z.infer<typeof TruelinkFormSchema>;

/**
 * The RSA-OAEP ciphertext in base64. A 4096-bit key gives 684 characters; the cap leaves room
 * and stops a megabyte-long body before decryption is tried.
 */
export const TruelinkRequestSchema = z.object({
  link: z
    .string({ error: 'KEY_INVALID' })
    .min(1, { error: 'KEY_MISSING' })
    .max(2048, { error: 'KEY_INVALID' })
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
      error: 'KEY_INVALID',
    }),
});
export type TruelinkRequest = z.infer<typeof TruelinkRequestSchema>;

/**
 * A redeemed link credits the cash wallet at once. Below the gift-link minimum of the member's
 * currency (`giftLinkMin` of `GET /api/lookup/withdraw`; TrueMoney links hold baht) or sent from
 * another phone than the member's, it is refused as TRUELINK_INVALID, unredeemed.
 */
export const TruelinkResponseSchema = MoneyMoveResponseSchema;
export type TruelinkResponse = z.infer<typeof TruelinkResponseSchema>;

// Slip upload: POST /api/wallet/slip, multipart, 300 s time-out.

/** The spec leaves the form fields open: the file, and what the member read off the slip. */
export const slipUploadFields = {
  file: 'document',
  amount: 'amount',
  transferredAt: 'transferredAt',
} as const;

export const slipFileTypes = ['image/png', 'image/jpeg'] as const;

/** Multipart text fields arrive as strings; an empty field counts as absent. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const SlipUploadFieldsSchema = z.object({
  amount: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'KEY_INVALID' }).pipe(MoneySchema).optional(),
  ),
  transferredAt: z.preprocess(
    emptyToUndefined,
    z.iso.datetime({ offset: true, error: 'KEY_INVALID' }).optional(),
  ),
});
export type SlipUploadFields = z.infer<typeof SlipUploadFieldsSchema>;

export type UploadFile = { type: string; size: number };

/**
 * The file check both sides run before a slip is read: none is SLIP_NO_FILE; a type other than
 * PNG or JPEG, an empty file, or one above the size of the slip lookup is SLIP_INVALID_FILE.
 */
export function checkSlipFile(
  file: UploadFile | null | undefined,
  maxSizeMb: number,
): 'SLIP_NO_FILE' | 'SLIP_INVALID_FILE' | null {
  if (!file) return 'SLIP_NO_FILE';
  if (!(slipFileTypes as readonly string[]).includes(file.type.toLowerCase())) {
    return 'SLIP_INVALID_FILE';
  }
  if (file.size <= 0 || file.size > maxSizeMb * 1024 * 1024) return 'SLIP_INVALID_FILE';
  return null;
}

/** The slip stays `processing` until the verifier reads it (see the statement's slip list). */
export const SlipUploadResponseSchema = z.object({ success: z.literal(true), slip: SlipSchema });
export type SlipUploadResponse = z.infer<typeof SlipUploadResponseSchema>;
