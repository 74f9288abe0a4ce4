import { queryOptions, useQuery } from '@tanstack/react-query';
import { CouponListResponseSchema } from '@wallet/contract/spin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/spinwheel/coupon`: the member's coupons still to claim, newest first. */
export function couponsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.spin.coupons(),
    queryFn: () => apiRequest('/api/spinwheel/coupon', CouponListResponseSchema),
    staleTime: 0,
  });
}

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
