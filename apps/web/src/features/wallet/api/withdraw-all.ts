import { useMutation } from '@tanstack/react-query';
import {
  type WithdrawRequest,
  type WithdrawResponse,
  WithdrawResponseSchema,
} from '@wallet/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../lib/query-client';

export type WithdrawInput = { body: WithdrawRequest; idempotencyKey: string };

/**
 * `POST /api/wallet/withdrawAll` (the spec's calls: the one the withdraw modal uses): game
 * balances come home first, then the amount leaves the cash wallet.
 */
export function withdrawAll({ body, idempotencyKey }: WithdrawInput): Promise<WithdrawResponse> {
  return apiRequest('/api/wallet/withdrawAll', WithdrawResponseSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function useWithdrawAll() {
  return useMutation({
    mutationFn: withdrawAll,
    onSettled: refreshMoneyViews,
  });
}
