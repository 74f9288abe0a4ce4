import { useMutation } from '@tanstack/react-query';
import type { GameProviderCode } from '@wallet/contract/constants';
import {
  type ResetGamePasswordResponse,
  ResetGamePasswordResponseSchema,
} from '@wallet/contract/games';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/wallet/resetpassword/{game}`; the credentials are read again afterwards. */
export function resetGamePassword(game: GameProviderCode): Promise<ResetGamePasswordResponse> {
  return apiRequest(
    `/api/wallet/resetpassword/${encodeURIComponent(game)}`,
    ResetGamePasswordResponseSchema,
  );
}

export function useResetGamePassword() {
  return useMutation({
    mutationFn: resetGamePassword,
    onSuccess: (_answer, game) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.wallet.gameAccount(game) }),
  });
}
