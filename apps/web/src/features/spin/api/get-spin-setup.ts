import { queryOptions, useQuery } from '@tanstack/react-query';
import { SpinSetupResponseSchema } from '@wallet/contract/spin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/spinwheel/setup`: the running wheel's slices and the member's coins. */
export function spinSetupQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.spin.setup(),
    queryFn: () => apiRequest('/api/spinwheel/setup', SpinSetupResponseSchema),
    // Coins arrive with deposits: each visit to the wheel reads them again.
    staleTime: 0,
  });
}

export function useSpinSetup() {
  return useQuery(spinSetupQueryOptions());
}
