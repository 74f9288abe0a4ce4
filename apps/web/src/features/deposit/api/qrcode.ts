import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { QrProvider } from '@wallet/contract/constants';
import {
  QrcodeDeleteResponseSchema,
  type QrcodeState,
  QrcodeStateSchema,
} from '@wallet/contract/deposit';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/qrcode/{provider}` (the spec's calls): the member's live QR there, if any. */
export function qrcodeQueryOptions(provider: QrProvider) {
  return queryOptions({
    queryKey: queryKeys.qrcode.provider(provider),
    queryFn: () => apiRequest(`/api/qrcode/${provider}`, QrcodeStateSchema),
    // The countdown starts from `expireIn` as it was read: read again on open, not from a cache.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useQrcode(provider: QrProvider) {
  return useQuery(qrcodeQueryOptions(provider));
}

export type CreateQrInput = { provider: QrProvider; amount: number; idempotencyKey: string };

/**
 * `POST /api/qrcode/{provider}`. The answer becomes that provider's state; the other providers
 * read theirs again (the spec's states).
 */
export function useCreateQr() {
  return useMutation({
    mutationFn: ({ provider, amount, idempotencyKey }: CreateQrInput) =>
      apiRequest(`/api/qrcode/${provider}`, QrcodeStateSchema, {
        method: 'POST',
        body: { amount },
        idempotencyKey,
      }),
    onSuccess: (state: QrcodeState, { provider }) => {
      if (state.hasQrcode) queryClient.setQueryData(queryKeys.qrcode.provider(provider), state);
      void queryClient.invalidateQueries({
        queryKey: queryKeys.qrcode.all,
        predicate: (query) => query.queryKey[1] !== provider,
      });
    },
  });
}

/** `DELETE /api/qrcode/{qrcodeId}`: the member cancels the QR. */
export function useCancelQr() {
  return useMutation({
    mutationFn: ({ qrcodeId }: { provider: QrProvider; qrcodeId: string }) =>
      apiRequest(`/api/qrcode/${encodeURIComponent(qrcodeId)}`, QrcodeDeleteResponseSchema, {
        method: 'DELETE',
      }),
    onSettled: (_answer, _error, { provider }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.qrcode.provider(provider) }),
  });
}
