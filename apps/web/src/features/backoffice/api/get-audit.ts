import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AuditEntry, AuditListResponseSchema } from '@wallet/contract/staff';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** How many entries a page holds: a screen or two of rows. */
export const AUDIT_PAGE = 50;

/** The filters of the audit screen, as the query string takes them (empty ones left out). */
export type AuditFilter = {
  staff?: string;
  target?: string;
  action?: string;
  /** ISO date-times. */
  from?: string;
  to?: string;
};

/** `GET /api/backoffice/audit?limit=&before=&…`: newest first, `before` the last id read. */
export async function getAudit(filter: AuditFilter, before: number | null): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE) });
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  if (before !== null) query.set('before', String(before));
  return (await staffRequest(`/api/backoffice/audit?${query}`, AuditListResponseSchema)).entries;
}

export type AuditPages = InfiniteData<AuditEntry[], number | null>;

/** A full page may have more below it; "Load older" goes on from its last id. */
export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.backoffice.audit(filter as Record<string, string>),
    queryFn: ({ pageParam }) => getAudit(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length < AUDIT_PAGE ? null : (last.at(-1)?.id ?? null)),
    staleTime: 0,
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery({
    ...auditQueryOptions(filter),
    select: (data: AuditPages) => data.pages.flat(),
  });
}
