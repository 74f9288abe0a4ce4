import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Adjustment,
  AdjustmentListResponseSchema,
  type AdjustmentStatus,
} from '@wallet/contract/desk';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/adjustments?status=`. */
export async function getAdjustments(status: AdjustmentStatus): Promise<Adjustment[]> {
  const query = new URLSearchParams({ status });
  return (await staffRequest(`/api/backoffice/adjustments?${query}`, AdjustmentListResponseSchema))
    .adjustments;
}

/** Another staff member's request shows when the list is read again (on opening the screen). */
export const adjustmentsQueryOptions = (status: AdjustmentStatus) =>
  queryOptions({
    queryKey: queryKeys.backoffice.adjustments(status),
    queryFn: () => getAdjustments(status),
    staleTime: 0,
  });

export function useAdjustments(status: AdjustmentStatus) {
  return useQuery(adjustmentsQueryOptions(status));
}
