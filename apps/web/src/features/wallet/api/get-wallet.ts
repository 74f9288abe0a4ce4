import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@wallet/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSessionStore } from '../../../lib/session-store';

/**
 * `GET /api/wallet` (the spec's calls), kept as the user info state of section 3: slots
 * grouped by category and the total computed. Reading it is a sync, so the store's last sync
 * time (the spec's entities, `last_sync`) moves with it. The contract (and zod with it) loads
 * while the call is on its way: the home route's loader starts this call from the entry chunk,
 * before the member screens' chunks have arrived (docs/performance.md).
 */
export async function getWallet(): Promise<UserInfo> {
  const contract = import('@wallet/contract/wallet');
  const response = await apiRequest(
    '/api/wallet',
    async () => (await contract).WalletResponseSchema,
  );
  const now = new Date();
  useSessionStore.getState().setLastSync(now.toISOString());
  return (await contract).toUserInfo(response, now);
}

/** Read again when the member comes back to the tab: a deposit may have landed meanwhile. */
export function walletQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.wallet.summary(),
    queryFn: getWallet,
    refetchOnWindowFocus: true,
  });
}

export function useWallet() {
  return useQuery(walletQueryOptions());
}
