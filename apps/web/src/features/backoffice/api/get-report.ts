import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ReportQuery,
  type ReportResponse,
  ReportResponseSchema,
} from '@wallet/contract/reports';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/reports?currency=&period=&from=&to=`: the figures of each day, week or
 * month of the range (Asia/Bangkok) in one currency, and of the whole range.
 */
export function getReport(query: ReportQuery): Promise<ReportResponse> {
  const params = new URLSearchParams({
    currency: query.currency,
    period: query.period,
    from: query.from,
    to: query.to,
  });
  return staffRequest(`/api/backoffice/reports?${params}`, ReportResponseSchema);
}

/**
 * A report is read from the ledger over up to a year of days: kept a minute, and the previous
 * one stays on screen while another currency, period or range loads.
 */
export const reportQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: queryKeys.backoffice.reports(query),
    queryFn: () => getReport(query),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useReport(query: ReportQuery) {
  return useQuery(reportQueryOptions(query));
}
