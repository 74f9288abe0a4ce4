import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type TruelinkResponse, TruelinkResponseSchema } from '@wallet/contract/deposit';
import { TruelinkKeyResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/truelink-key` (the API contract): the key a gift link is encrypted with. */
export function truelinkKeyQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.truelinkKey(),
    queryFn: () => apiRequest('/api/lookup/truelink-key', TruelinkKeyResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTruelinkKey() {
  return useQuery(truelinkKeyQueryOptions());
}

export type RedeemGiftLinkInput = { ciphertext: string; idempotencyKey: string };

/** `POST /api/wallet/truelink` (the spec's calls): the encrypted link, credited once. */
export function redeemGiftLink({
  ciphertext,
  idempotencyKey,
}: RedeemGiftLinkInput): Promise<TruelinkResponse> {
  return apiRequest('/api/wallet/truelink', TruelinkResponseSchema, {
    method: 'POST',
    body: { link: ciphertext },
    idempotencyKey,
  });
}

export function useRedeemGiftLink() {
  return useMutation({
    mutationFn: redeemGiftLink,
    onSettled: refreshMoneyViews,
  });
}
