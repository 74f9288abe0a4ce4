import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type TruemoneyAccountsResponse,
  TruemoneyAccountsResponseSchema,
} from '@wallet/contract/operator-accounts';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/settings/truemoney-accounts` (`settings.read`): every TrueMoney wallet,
 * on or off, in the order members see them.
 */
export function getTruemoneyAccounts(): Promise<TruemoneyAccountsResponse> {
  return staffRequest(
    '/api/backoffice/settings/truemoney-accounts',
    TruemoneyAccountsResponseSchema,
  );
}

export function useTruemoneyAccounts() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.backoffice.truemoneyAccounts(),
      queryFn: getTruemoneyAccounts,
      staleTime: 0,
    }),
  );
}
