import { useMutation } from '@tanstack/react-query';
import { type BonusClearResponse, BonusClearResponseSchema } from '@wallet/contract/bonus';
import { apiRequest } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../lib/query-client';

/** `GET /api/bonus/clear` (the spec's calls): ends the running bonus; the bonus wallet is forfeited. */
export function clearBonus(): Promise<BonusClearResponse> {
  return apiRequest('/api/bonus/clear', BonusClearResponseSchema);
}

/** The wallet, the statement and the bonus list are read again whatever the outcome. */
export function useClearBonus() {
  return useMutation({ mutationFn: clearBonus, onSettled: refreshMoneyViews });
}
