import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import { AmountInputSchema } from '@wallet/contract/money';
import { TRANSFER_NONE, transferRequestSchema, withdrawSchema } from '@wallet/contract/wallet';
import { z } from 'zod';

/**
 * The transfer and withdraw forms validate with the contract's own schemas (STYLE.md: one
 * schema for the browser and the server). What the form holds differs only in that a slider
 * may rest on its placeholder (NONE, refused as 'Please select correct account') and an empty
 * amount box is 0 (refused as below the minimum).
 */
/** The transfer minimum of the member's currency comes from `GET /api/lookup/withdraw` (issue 30). */
export function transferFormSchema(limits: Pick<WithdrawLimitsResponse, 'transferMin'>) {
  return z
    .object({ from: z.string(), to: z.string(), amount: AmountInputSchema })
    .pipe(transferRequestSchema(limits.transferMin));
}
export type TransferFormValues = z.input<ReturnType<typeof transferFormSchema>>;

export const emptyTransferForm: TransferFormValues = {
  from: TRANSFER_NONE,
  to: TRANSFER_NONE,
  amount: '',
};

/** The spec's validation rules: the withdraw limits come from `GET /api/lookup/withdraw`. */
export function withdrawFormSchema(
  limits: Pick<WithdrawLimitsResponse, 'withdrawMin' | 'withdrawMax'>,
) {
  return z.object({ amount: AmountInputSchema }).pipe(withdrawSchema(limits));
}
export type WithdrawFormValues = z.input<ReturnType<typeof withdrawFormSchema>>;
