import { useMutation } from '@tanstack/react-query';
import {
  type CouponClaimRequest,
  type CouponClaimResponse,
  CouponClaimResponseSchema,
} from '@wallet/contract/spin';
import { apiRequest } from '../../../lib/api-client';
import { queryClient, refreshMoneyViews } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export type ClaimInput = { body: CouponClaimRequest; idempotencyKey: string };

/** `POST /api/spinwheel/coupon/claim` { coupon }: the prize into the cash or bonus wallet. */
export function claimCoupon({ body, idempotencyKey }: ClaimInput): Promise<CouponClaimResponse> {
  return apiRequest('/api/spinwheel/coupon/claim', CouponClaimResponseSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** Whatever the answer, the wallet, the statement and the wheel are read again (the spec 4). */
export function useClaimCoupon() {
  return useMutation({
    mutationFn: claimCoupon,
    onSettled: () =>
      Promise.all([
        refreshMoneyViews(),
        queryClient.invalidateQueries({ queryKey: queryKeys.spin.all }),
      ]),
  });
}
