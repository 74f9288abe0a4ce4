import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AdjustmentListQuerySchema,
  AdjustmentListResponseSchema,
  type AdjustmentStatus,
} from '@wallet/contract/desk';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { pageParams } from '../paging';
import { staffRequest } from './staff-request';

export type AdjustmentPage = Pick<
  z.output<typeof AdjustmentListQuerySchema>,
  'page' | 'limit' | 'sort' | 'order'
>;
export type AdjustmentList = z.output<typeof AdjustmentListResponseSchema>;

/** The list's first page and order, as the server takes a query without them. */
export const firstAdjustmentPage: AdjustmentPage = AdjustmentListQuerySchema.parse({});
export const adjustmentSorts = AdjustmentListQuerySchema.shape.sort.unwrap().options;

/** `GET /api/backoffice/adjustments?status=&page=&limit=&sort=&order=`: a page, and the total. */
export function getAdjustments(
  status: AdjustmentStatus,
  page: AdjustmentPage = firstAdjustmentPage,
): Promise<AdjustmentList> {
  const query = new URLSearchParams({ status, ...pageParams(page) });
  return staffRequest(`/api/backoffice/adjustments?${query}`, AdjustmentListResponseSchema);
}

/**
 * Another staff member's request shows when the list is read again (on opening the screen); the
 * page shown stays while the next one is on its way.
 */
export const adjustmentsQueryOptions = (status: AdjustmentStatus, page?: AdjustmentPage) =>
  queryOptions({
    queryKey: queryKeys.backoffice.adjustments(status, page ?? firstAdjustmentPage),
    queryFn: () => getAdjustments(status, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdjustments(status: AdjustmentStatus, page?: AdjustmentPage) {
  return useQuery(adjustmentsQueryOptions(status, page));
}
