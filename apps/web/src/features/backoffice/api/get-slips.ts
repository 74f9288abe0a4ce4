import { queryOptions, useQuery } from '@tanstack/react-query';
import { UndecidedSlipListResponseSchema, type UndecidedSlipSchema } from '@wallet/contract/desk';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type UndecidedSlip = z.output<typeof UndecidedSlipSchema>;

/** `GET /api/backoffice/slips`: slips the verifier could not decide, each with a signed link. */
export async function getSlips(): Promise<UndecidedSlip[]> {
  return (await staffRequest('/api/backoffice/slips', UndecidedSlipListResponseSchema)).slips;
}

/**
 * A picture's link is signed for 15 minutes (the slip plugin's ttlSeconds): the list is read
 * again every 10, so a picture opened late still shows.
 */
export const slipsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.slips(),
    queryFn: getSlips,
    staleTime: 0,
    refetchInterval: 10 * 60_000,
  });

export function useSlips() {
  return useQuery(slipsQueryOptions());
}
