import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DepositLookupResponse, DepositLookupResponseSchema } from '@wallet/contract/deposit';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/deposit` (the spec's calls): the operator's receiving accounts. */
export function getDepositAccounts(): Promise<DepositLookupResponse> {
  return apiRequest('/api/lookup/deposit', DepositLookupResponseSchema);
}

export function depositAccountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.deposit(),
    queryFn: getDepositAccounts,
    staleTime: 5 * 60_000,
  });
}

export function useDepositAccounts() {
  return useQuery(depositAccountsQueryOptions());
}
