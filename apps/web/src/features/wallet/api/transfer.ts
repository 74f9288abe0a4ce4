import { useMutation } from '@tanstack/react-query';
import {
  type TransferRequest,
  type TransferResponse,
  TransferResponseSchema,
} from '@wallet/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../lib/query-client';

export type TransferInput = { body: TransferRequest; idempotencyKey: string };

/** `POST /api/wallet/transfer` with the action's Idempotency-Key (the API contract). */
export function transfer({ body, idempotencyKey }: TransferInput): Promise<TransferResponse> {
  return apiRequest('/api/wallet/transfer', TransferResponseSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function useTransfer() {
  return useMutation({
    mutationFn: transfer,
    // Balances moved whatever the outcome (a failed transfer put the funds back).
    onSettled: refreshMoneyViews,
  });
}
