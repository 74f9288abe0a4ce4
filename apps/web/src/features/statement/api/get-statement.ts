import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type StatementRequest,
  type StatementResponse,
  StatementResponseSchema,
} from '@wallet/contract/statement';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/statement` {page, limit} (the spec's calls), newest first. */
export function getStatement(body: StatementRequest): Promise<StatementResponse> {
  return apiRequest('/api/statement', StatementResponseSchema, { method: 'POST', body });
}

export function statementQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: queryKeys.statement.page(page, limit),
    queryFn: () => getStatement({ page, limit }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A deposit credited while the member was in another app shows on return.
    refetchOnWindowFocus: true,
  });
}

export function useStatement(page: number, limit: number) {
  return useQuery(statementQueryOptions(page, limit));
}
