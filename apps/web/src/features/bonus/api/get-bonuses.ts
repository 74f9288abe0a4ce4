import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BonusListResponse, BonusListResponseSchema } from '@wallet/contract/bonus';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * While a bonus waits for its deposit the list is read this often, so the payment shows without
 * a refresh (the bank feed credits within about a minute); while one is paid, less often, for
 * the turnover the member's bets move.
 */
const WAITING_POLL_MS = 5000;
const ACTIVE_POLL_MS = 15_000;

/** `GET /api/bonus` (the spec's calls): the bonuses offered and the running one's progress. */
export function getBonuses(): Promise<BonusListResponse> {
  return apiRequest('/api/bonus', BonusListResponseSchema);
}

export function bonusesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.bonus.list(),
    queryFn: getBonuses,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const running = query.state.data?.running;
      if (!running) return false;
      return running.state === 'waiting' ? WAITING_POLL_MS : ACTIVE_POLL_MS;
    },
  });
}

export function useBonuses() {
  return useQuery(bonusesQueryOptions());
}
