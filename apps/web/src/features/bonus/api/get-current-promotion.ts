import { queryOptions, useQuery } from '@tanstack/react-query';
import { PromotionCurrentResponseSchema } from '@wallet/contract/promotion';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/promotion/current` (SPEC.md: defined, unused). The bonus page reads it only when the
 * running bonus is a promotion code: the bonus list carries percentFail for listed bonuses alone,
 * and the notice needs the running bonus's percentFail.
 */
export function currentPromotionQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.bonus.currentPromotion(),
    queryFn: () => apiRequest('/api/promotion/current', PromotionCurrentResponseSchema),
    enabled,
  });
}

export function useCurrentPromotion(enabled: boolean) {
  return useQuery(currentPromotionQueryOptions(enabled));
}
