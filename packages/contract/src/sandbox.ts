import { z } from 'zod';
import { BankAccountNoSchema, BankCodeSchema } from './account';
import { gameProviderCodes, qrProviders } from './constants';
import { GameCodeParamSchema } from './games';
import { MoneyOutSchema, MoneySchema } from './money';
import { PositiveMoneySchema } from './wallet';

/**
 * The sandbox (the API contract): stand-ins for SMS, game and payment providers, the bank,
 * TrueMoney and the slip verifier; only with SANDBOX=1, answered 404 otherwise.
 * `GET /api/sandbox/otp/{phoneNumber}` lives in otp.ts and `POST /api/wallet/add` in wallet.ts.
 */

/** `POST /api/sandbox/qrcode/{qrcodeId}/pay`: reported paid in full through the signed callback. */
export const SandboxQrPayParamsSchema = z.object({
  qrcodeId: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(100),
});
export type SandboxQrPayParams = z.infer<typeof SandboxQrPayParamsSchema>;
export const SandboxQrPayResponseSchema = z.object({ success: z.literal(true) });
export type SandboxQrPayResponse = z.infer<typeof SandboxQrPayResponseSchema>;

/**
 * `POST /api/sandbox/bank-transfer`: an incoming transfer on the operator's bank feed, from
 * `bankCode`/`accountNo` into the operator's receiving account `toAccountNo` (left out: the
 * seed's baht AUTO account). The amount is in the receiving account's currency. `matched` says
 * whether it was credited: sent from a member's registered account, in that member's wallet
 * currency. An unknown `toAccountNo` is KEY_INVALID on that field, and nothing is kept.
 */
export const SandboxBankTransferSchema = z.object({
  bankCode: BankCodeSchema,
  accountNo: BankAccountNoSchema,
  amount: PositiveMoneySchema,
  reference: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(64),
  toAccountNo: BankAccountNoSchema.optional(),
});
export type SandboxBankTransfer = z.infer<typeof SandboxBankTransferSchema>;
export const SandboxBankTransferResponseSchema = z.object({
  success: z.literal(true),
  matched: z.boolean(),
});
export type SandboxBankTransferResponse = z.infer<typeof SandboxBankTransferResponseSchema>;

/**
 * `POST /api/sandbox/truelink` → `{ link }`: a fresh gift link of that amount from that phone.
 * Any positive amount, so the 2-baht minimum of real deposits can be tested too.
 */
export const SandboxTruelinkSchema = z.object({
  amount: PositiveMoneySchema,
  phoneNumber: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .regex(/^\d{9,11}$/, { error: 'KEY_INVALID' }),
});
export type SandboxTruelink = z.infer<typeof SandboxTruelinkSchema>;
export const SandboxTruelinkResponseSchema = z.object({ link: z.string() });
export type SandboxTruelinkResponse = z.infer<typeof SandboxTruelinkResponseSchema>;

/** `POST /api/sandbox/slip`: answers a PNG (not JSON) the sandbox slip verifier recognises. */
export const SandboxSlipSchema = z.object({
  amount: PositiveMoneySchema,
  fromAccountNo: BankAccountNoSchema,
  toAccountNo: BankAccountNoSchema,
  transferredAt: z.iso.datetime({ offset: true, error: 'KEY_INVALID' }),
});
export type SandboxSlip = z.infer<typeof SandboxSlipSchema>;
export const SANDBOX_SLIP_CONTENT_TYPE = 'image/png';

/** `POST /api/sandbox/games/{code}/round` (member): balance − bet + win at that provider. */
export const SandboxGameRoundParamsSchema = z.object({ code: GameCodeParamSchema });
export type SandboxGameRoundParams = z.infer<typeof SandboxGameRoundParamsSchema>;
/**
 * `playedAt` (optional, within the last 30 days) dates the round back, as a provider's history
 * of earlier days would: loss refunds count the rounds of days that have ended.
 */
export const SandboxGameRoundSchema = z.object({
  bet: MoneySchema,
  win: MoneySchema,
  playedAt: z.iso
    .datetime({ offset: true, error: 'KEY_INVALID' })
    .refine(
      (at) => {
        const age = Date.now() - Date.parse(at);
        return age >= 0 && age <= 30 * 24 * 60 * 60 * 1000;
      },
      { error: 'KEY_INVALID' },
    )
    .optional(),
});
export type SandboxGameRound = z.infer<typeof SandboxGameRoundSchema>;
/** The game account's balance after the round; a bet above it is MONEY_NOT_ENOUGH. */
export const SandboxGameRoundResponseSchema = z.object({
  code: z.enum(gameProviderCodes),
  amount: MoneyOutSchema,
});
export type SandboxGameRoundResponse = z.infer<typeof SandboxGameRoundResponseSchema>;

/** `POST /api/sandbox/withdrawals/settle`: every pending withdrawal of that member. */
export const SandboxSettleSchema = z.object({
  username: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(20),
  status: z.enum(['success', 'failed'], { error: 'KEY_INVALID' }),
});
export type SandboxSettle = z.infer<typeof SandboxSettleSchema>;
export const SandboxSettleResponseSchema = z.object({ settled: z.number().int().min(0) });
export type SandboxSettleResponse = z.infer<typeof SandboxSettleResponseSchema>;

/**
 * `POST /api/sandbox/faults`. The API contract names game and payment provider codes; TRUEWALLET
 * (gift links), SLIP (the verifier), SMS (OTP) and PAYOUT (withdrawals) are the other outside
 * parties of the sandbox, so their failures can be rehearsed the same way.
 * `ok` answers normally, `fail` answers with an error, `timeout` never answers, `lost` does
 * the work and then loses the answer. A fault stays until set back to `ok`.
 */
export const faultTargets = [
  ...gameProviderCodes,
  ...qrProviders,
  'TRUEWALLET',
  'SLIP',
  'SMS',
  'PAYOUT',
] as const;
export type FaultTarget = (typeof faultTargets)[number];
export const faultModes = ['ok', 'fail', 'timeout', 'lost'] as const;
export type FaultMode = (typeof faultModes)[number];

export const SandboxFaultSchema = z.object({
  target: z
    .string({ error: 'KEY_INVALID' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(faultTargets, { error: 'KEY_INVALID' })),
  mode: z.enum(faultModes, { error: 'KEY_INVALID' }),
});
export type SandboxFault = z.infer<typeof SandboxFaultSchema>;
export const SandboxFaultResponseSchema = z.object({
  target: z.enum(faultTargets),
  mode: z.enum(faultModes),
});
export type SandboxFaultResponse = z.infer<typeof SandboxFaultResponseSchema>;

/** `POST /api/sandbox/service`: close or reopen the service (TERMINATED 410 everywhere). */
export const SandboxServiceSchema = z.object({
  terminated: z.boolean({ error: 'KEY_INVALID' }),
});
export type SandboxService = z.infer<typeof SandboxServiceSchema>;
/** Same shape as `GET /api/lookup/active`. */
export const SandboxServiceResponseSchema = z.object({ terminated: z.boolean() });
export type SandboxServiceResponse = z.infer<typeof SandboxServiceResponseSchema>;

/** `POST /api/sandbox/settings`: switch features; the answer is every setting after the change. */
export const SandboxSettingsSchema = z.object({
  registerOTP: z.boolean({ error: 'KEY_INVALID' }).optional(),
  enableChatWidget: z.boolean({ error: 'KEY_INVALID' }).optional(),
});
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;
export const SandboxSettingsResponseSchema = z.object({
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
});
export type SandboxSettingsResponse = z.infer<typeof SandboxSettingsResponseSchema>;
