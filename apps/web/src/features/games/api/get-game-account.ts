import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameProviderCode } from '@wallet/contract/constants';
import { type GameAccountResponse, GameAccountResponseSchema } from '@wallet/contract/games';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/wallet/account/{game}`: the credentials and the game's links. */
export function getGameAccount(game: GameProviderCode): Promise<GameAccountResponse> {
  return apiRequest(`/api/wallet/account/${encodeURIComponent(game)}`, GameAccountResponseSchema);
}

export function gameAccountQueryOptions(game: GameProviderCode) {
  return queryOptions({
    queryKey: queryKeys.wallet.gameAccount(game),
    queryFn: () => getGameAccount(game),
    // A refused read (no account yet) is shown, not retried.
    retry: false,
  });
}

export function useGameAccount(game: GameProviderCode, enabled: boolean) {
  return useQuery({ ...gameAccountQueryOptions(game), enabled });
}
