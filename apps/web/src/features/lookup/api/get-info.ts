import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InfoResponse } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/lookup/info` (SPEC.md section 7). The public shell shows it, so its schema is
 * loaded lazily to keep the schema library out of the /login bundle.
 */
export function getInfo(): Promise<InfoResponse> {
  return apiRequest(
    '/api/lookup/info',
    async () => (await import('@wallet/contract/lookup')).InfoResponseSchema,
  );
}

export function infoQueryOptions() {
  return queryOptions({ queryKey: queryKeys.lookup.info(), queryFn: getInfo, staleTime: Infinity });
}

export function useSiteInfo() {
  return useQuery(infoQueryOptions());
}
