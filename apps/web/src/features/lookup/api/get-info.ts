import { hashKey, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { InfoResponse } from '@wallet/contract/lookup';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { afterNextPaint } from '../../../lib/next-paint';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/lookup/info` (the spec's calls). The public shell shows it, so its schema is
 * loaded lazily to keep the schema library out of the /login bundle.
 */
export function getInfo(): Promise<InfoResponse> {
  return apiRequest(
    '/api/lookup/info',
    async () => (await import('@wallet/contract/lookup')).InfoResponseSchema,
  );
}

/**
 * The site's name and website do not change while the app runs: fetched once, kept. Asked once
 * the screen that shows them has painted (lib/next-paint.ts).
 */
export function infoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.info(),
    queryFn: afterNextPaint(getInfo),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

const infoQueryHash = hashKey(queryKeys.lookup.info());

/**
 * The site info, fetched once through the query client and read from its cache. For this
 * fetch-once lookup that is all useQuery would do, and its observer machinery (about 2 KB gzip)
 * would land in /login's bytes with the public shell (docs/decisions/0006).
 * Screens that need loading or error states use useQuery.
 */
export function useSiteInfo(): { data: InfoResponse | undefined } {
  const queryClient = useQueryClient();
  const data = useSyncExternalStore(
    // Only this query's events: the cache also tells of queries that other components' useQuery
    // creates while they render, and a store change then would update this one mid-render.
    (onChange) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === infoQueryHash) onChange();
      }),
    () => queryClient.getQueryData(infoQueryOptions().queryKey),
  );
  useEffect(() => {
    void queryClient.prefetchQuery(infoQueryOptions());
  }, [queryClient]);
  return { data };
}
