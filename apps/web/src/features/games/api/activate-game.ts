import { useMutation } from '@tanstack/react-query';
import type { GameProviderCode } from '@wallet/contract/constants';
import { type ActivateGameResponse, ActivateGameResponseSchema } from '@wallet/contract/games';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/wallet/activate/{game}` (the spec's calls): opens the account at the provider. */
export function activateGame(game: GameProviderCode): Promise<ActivateGameResponse> {
  return apiRequest(`/api/wallet/activate/${encodeURIComponent(game)}`, ActivateGameResponseSchema);
}

export function useActivateGame() {
  return useMutation({
    mutationFn: activateGame,
    // The carousels show the account active, and the modal loads its credentials.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
  });
}
