import { useMutation } from '@tanstack/react-query';
import { RefreshSlotResponseSchema, type UserInfo } from '@wallet/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { getWallet } from './get-wallet';

/**
 * The refresh button: `GET /api/wallet/refresh/slot` asks every provider for its balance, then
 * `GET /api/wallet` reads the whole wallet again (the spec's calls).
 */
export async function refreshWallet(): Promise<UserInfo> {
  await apiRequest('/api/wallet/refresh/slot', RefreshSlotResponseSchema);
  const wallet = await getWallet();
  queryClient.setQueryData(queryKeys.wallet.summary(), wallet);
  return wallet;
}

export function useRefreshWallet() {
  return useMutation({ mutationFn: refreshWallet });
}
