import { z } from 'zod';
import { PageRequestSchema, TimestampSchema } from './common';
import type { ErrorCode } from './errors';
import { MoneyOutSchema } from './money';
import { WalletBalanceSchema } from './wallet';

/**
 * Refund of losses (the spec's screens, entities, states and calls). The banners come from
 * `GET /api/refund/banners`, answered with `BannersResponseSchema` of common.ts.
 */

/**
 * `GET /api/refund/check` (the spec's entities): `result` a refund exists, `bonus` a bonus is
 * running (which blocks receiving), `info` operator HTML, `refundAmount` the amount ready,
 * `refundSuccess` and `refundFail` the rates in percent shown before refunding to the wallet.
 */
export const RefundCheckResponseSchema = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  info: z.string(),
  refundAmount: MoneyOutSchema,
  refundSuccess: z.number(),
  refundFail: z.number(),
  /** Extra to the spec: refunds received into the log and not yet moved to the wallet. */
  received: MoneyOutSchema,
});
export type RefundCheckResponse = z.infer<typeof RefundCheckResponseSchema>;

/**
 * The spec's states and error catalogue: why the receive button is off, or null when it is on. The server
 * answers the same codes when the call is made anyway.
 */
export function refundBlocker(
  check: Pick<RefundCheckResponse, 'result' | 'bonus' | 'refundAmount'>,
): Extract<ErrorCode, 'NO_REFUND' | 'REFUND_CONDITION' | 'REFUND_MINIMUM'> | null {
  if (!check.result) return 'NO_REFUND';
  if (check.bonus) return 'REFUND_CONDITION';
  if (!(check.refundAmount > 0)) return 'REFUND_MINIMUM';
  return null;
}

/** `POST /api/refund` `{ page, limit }`, newest first. */
export const RefundListRequestSchema = PageRequestSchema;
export type RefundListRequest = z.infer<typeof RefundListRequestSchema>;

export const RefundRowSchema = z.object({
  refundAmount: MoneyOutSchema,
  createdAt: TimestampSchema,
});
export type RefundRow = z.infer<typeof RefundRowSchema>;

export const RefundListResponseSchema = z.object({
  total: z.number().int().min(0),
  refunds: z.array(RefundRowSchema),
});
export type RefundListResponse = z.infer<typeof RefundListResponseSchema>;

/**
 * `GET /api/refund/receive` claims the accrued refund (a row of the refund log) and "returns a
 * message": the catalogue code REFUND_SUCCESS.
 */
export const RefundReceiveResponseSchema = z.object({ message: z.literal('REFUND_SUCCESS') });
export type RefundReceiveResponse = z.infer<typeof RefundReceiveResponseSchema>;

/**
 * `GET /api/refund/addWallet` moves the received refund into the cash wallet. The spec does not
 * show the answer; it carries the amount moved and the wallet after it.
 */
export const RefundAddWalletResponseSchema = z.object({
  success: z.literal(true),
  amount: MoneyOutSchema,
  wallet: WalletBalanceSchema,
});
export type RefundAddWalletResponse = z.infer<typeof RefundAddWalletResponseSchema>;
