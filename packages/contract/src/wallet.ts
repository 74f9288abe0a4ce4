import { z } from 'zod';
import { BankAccountSchema, ProfileSchema } from './account';
import { gameProviderCodes } from './constants';
import { type Slot, SlotSchema } from './games';
import type { WithdrawLimitsResponse } from './lookup';
import { fromMinor, MoneyOutSchema, MoneySchema, toMinor } from './money';

/**
 * The wallet (the spec's entities, states, validation rules and calls). Money on the wire is baht (or kip) with at
 * most 2 decimals; sums are taken in minor units so 0.1 + 0.2 stays 0.30.
 */

/** A request amount that must be above 0 (top-ups, sandbox payments). */
export const PositiveMoneySchema = MoneySchema.refine((amount) => amount > 0, {
  error: 'KEY_INVALID',
});

/**
 * The main wallet. The spec's overview splits it "into a cash wallet and a bonus wallet" while
 * section 3 names only `wallet.amount` and says "Total = wallet amount + all slot amounts".
 * Both hold: `amount` is the whole main wallet, `cash + bonus`; `cash` is withdrawable,
 * `bonus` is bonus money still under its turnover condition.
 */
export const WalletBalanceSchema = z.object({
  amount: MoneyOutSchema,
  cash: MoneyOutSchema,
  bonus: MoneyOutSchema,
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

/**
 * The invite summary of the referral card: `amount` is the invite bonus ready to collect;
 * `success` and `fail` are the rates, in percent, the invite bonus is paid on (of the invited
 * friends' winnings and losses), the same pair of words the refund check uses (the spec
 * section 3, "refundSuccess (%)").
 */
export const InviteSummarySchema = z.object({
  amount: MoneyOutSchema,
  success: z.number(),
  fail: z.number(),
});
export type InviteSummary = z.infer<typeof InviteSummarySchema>;

/** `GET /api/wallet` (the spec's entities, "Wallet response"). */
export const WalletResponseSchema = z.object({
  profile: ProfileSchema,
  bankAccount: BankAccountSchema,
  wallet: WalletBalanceSchema,
  invite: InviteSummarySchema,
  slots: z.array(SlotSchema),
});
export type WalletResponse = z.infer<typeof WalletResponseSchema>;

/**
 * `GET /api/wallet/refresh/slot`: asks every active provider for its balance again. The main
 * wallet comes along so the client can recompute the total from one answer.
 */
export const RefreshSlotResponseSchema = z.object({
  wallet: WalletBalanceSchema,
  slots: z.array(SlotSchema),
});
export type RefreshSlotResponse = z.infer<typeof RefreshSlotResponseSchema>;

/** The spec's entities: total = wallet amount + all slot amounts. */
export function walletTotal(wallet: Pick<WalletBalance, 'amount'>, slots: readonly Slot[]): number {
  const minor = slots.reduce<number>(
    (sum, slot) => sum + toMinor(slot.amount),
    toMinor(wallet.amount),
  );
  return fromMinor(minor);
}

// Transfers (the spec's states and validation rules).

export const WALLET_ACCOUNT = 'WALLET';
/** The other side of a balance adjustment staff made (docs/backoffice.md). */
export const ADJUSTMENT_ACCOUNT = 'ADJUSTMENT';
/** The spec's states: each side resolves to NONE (the placeholder slide), WALLET or a game. */
export const TRANSFER_NONE = 'NONE';
export const transferAccounts = [WALLET_ACCOUNT, ...gameProviderCodes] as const;

/**
 * One side of a transfer. A missing side or the placeholder is "Please select correct
 * account"; the server answers a missing field KEY_MISSING and a wrong one KEY_INVALID.
 */
export const TransferAccountSchema = z.enum(transferAccounts, {
  error: 'transfer.selectAccountMsg',
});
export type TransferAccount = z.infer<typeof TransferAccountSchema>;

/**
 * The spec's constants and limits: at least the transfer minimum (1 baht; in kip, the kip setting: issue 30).
 * The server's request schema refuses 0 or less (TRANSFER_MINIMUM) and its service the amount
 * below the minimum of the member's currency; the transfer modal, which knows that minimum from
 * `GET /api/lookup/withdraw`, says which it is ('transfer.minMsg' with `{min}`).
 */
function transferAmountSchema(min: number | undefined) {
  if (min === undefined) {
    return MoneySchema.refine((amount) => amount > 0, { error: 'TRANSFER_MINIMUM' });
  }
  const floor = Math.max(min, 0.01);
  return MoneySchema.refine((amount) => amount >= floor, {
    error: 'transfer.minMsg',
    params: { min },
  });
}

/** `POST /api/wallet/transfer`; with the member's minimum it validates the transfer modal. */
export function transferRequestSchema(min?: number) {
  return z
    .object({
      from: TransferAccountSchema,
      to: TransferAccountSchema,
      amount: transferAmountSchema(min),
    })
    .superRefine((value, ctx) => {
      if (value.from === value.to) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'transfer.sameAccountMsg' });
      }
    });
}
export const TransferRequestSchema = transferRequestSchema();
export type TransferRequest = z.infer<typeof TransferRequestSchema>;

/**
 * `POST /api/wallet/transferAll`: moves the whole balance of every other account into `to`.
 * With `to` = WALLET it brings every game balance home; with a game code it moves the whole
 * cash wallet into that game (bonus money stays in the wallet).
 */
export const TransferAllRequestSchema = z.object({ to: TransferAccountSchema });
export type TransferAllRequest = z.infer<typeof TransferAllRequestSchema>;

/**
 * The outcome of a call that moves money. `processing` means the outside party (game provider,
 * payout) has not confirmed yet: a transfer whose provider answer was lost or timed out is
 * `processing` until reconciled, and a withdrawal is `processing` until the payout settles.
 * A refusal is never a 2xx answer (the API contract), so there is no `failed` here.
 */
export const moneyMoveStatuses = ['success', 'processing'] as const;
export type MoneyMoveStatus = (typeof moneyMoveStatuses)[number];

export const MoneyMoveResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(moneyMoveStatuses),
  /** The amount that moved (for transferAll, the sum of every leg). */
  amount: MoneyOutSchema,
  /** The main wallet after the move, so the card updates without another call. */
  wallet: WalletBalanceSchema,
});
export type MoneyMoveResponse = z.infer<typeof MoneyMoveResponseSchema>;

export const TransferResponseSchema = MoneyMoveResponseSchema;
export type TransferResponse = MoneyMoveResponse;
export const TransferAllResponseSchema = MoneyMoveResponseSchema;
export type TransferAllResponse = MoneyMoveResponse;

// Withdrawals (the spec's validation rules and calls).

/**
 * `POST /api/wallet/withdraw` and `POST /api/wallet/withdrawAll`, both `{ amount }`. The
 * withdraw modal uses withdrawAll: it first brings every game balance back to the wallet,
 * then withdraws `amount` from the cash wallet; withdraw takes the cash wallet only.
 * The limits come from `GET /api/lookup/withdraw`; `withdrawSchema(limits)` applies them.
 */
export const WithdrawRequestSchema = z.object({ amount: PositiveMoneySchema });
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

/**
 * The withdraw form and the server check of the limits, one schema (STYLE.md). The messages
 * are i18n keys taking `{min}`/`{max}`, which travel in the issue's `params`; the server
 * answers them as KEY_INVALID on `amount`.
 */
export function withdrawSchema(
  limits: Pick<WithdrawLimitsResponse, 'withdrawMin' | 'withdrawMax'>,
) {
  const min = Math.max(limits.withdrawMin, 0.01);
  return z.object({
    amount: MoneySchema.refine((amount) => amount >= min, {
      error: 'withdraw.minMsg',
      params: { min: limits.withdrawMin },
    }).refine((amount) => amount <= limits.withdrawMax, {
      error: 'withdraw.maxMsg',
      params: { max: limits.withdrawMax },
    }),
  });
}

export const WithdrawResponseSchema = MoneyMoveResponseSchema;
export type WithdrawResponse = MoneyMoveResponse;

/** `POST /api/wallet/add` (the API contract, sandbox only): demo top-up, recorded as a deposit. */
export const AddRequestSchema = z.object({ amount: PositiveMoneySchema });
export type AddRequest = z.infer<typeof AddRequestSchema>;
export const AddResponseSchema = MoneyMoveResponseSchema;
export type AddResponse = MoneyMoveResponse;

// User info state (the spec's entities), persisted locally by the web app.

export const UserInfoSchema = z.object({
  /** When the wallet was last read, epoch milliseconds ("last sync time"). */
  timesync: z.number(),
  profile: ProfileSchema,
  bankAccount: BankAccountSchema,
  wallet: WalletBalanceSchema,
  slots: z.array(SlotSchema),
  slotAccount: z.array(SlotSchema),
  sportAccount: z.array(SlotSchema),
  lottoAccount: z.array(SlotSchema),
  total: z.number(),
  inviteAmount: z.number(),
  inviteSuccess: z.number(),
  inviteFail: z.number(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** The persisted state from a wallet answer: slots grouped by category, the total computed. */
export function toUserInfo(response: WalletResponse, now: Date): UserInfo {
  const byCategory = (category: Slot['category']) =>
    response.slots.filter((slot) => slot.category === category);
  return {
    timesync: now.getTime(),
    profile: response.profile,
    bankAccount: response.bankAccount,
    wallet: response.wallet,
    slots: response.slots,
    slotAccount: byCategory('slot'),
    sportAccount: byCategory('sport'),
    lottoAccount: byCategory('lotto'),
    total: walletTotal(response.wallet, response.slots),
    inviteAmount: response.invite.amount,
    inviteSuccess: response.invite.success,
    inviteFail: response.invite.fail,
  };
}
