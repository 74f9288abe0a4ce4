import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type DepositAccountsResponse,
  DepositAccountsResponseSchema,
} from '@wallet/contract/operator-accounts';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/settings/deposit-accounts` (`settings.read`): every bank and QR provider
 * account, on or off, in the order members see them.
 */
export function getDepositAccounts(): Promise<DepositAccountsResponse> {
  return staffRequest('/api/backoffice/settings/deposit-accounts', DepositAccountsResponseSchema);
}

export function useDepositAccounts() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.backoffice.depositAccounts(),
      queryFn: getDepositAccounts,
      staleTime: 0,
    }),
  );
}
