import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type GameProvidersResponse,
  GameProvidersResponseSchema,
} from '@wallet/contract/operator-accounts';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/settings/game-providers` (`settings.read`): every provider, on or off, in
 * maintenance or not, in the order members see them.
 */
export function getGameProviders(): Promise<GameProvidersResponse> {
  return staffRequest('/api/backoffice/settings/game-providers', GameProvidersResponseSchema);
}

export function useGameProviders() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.backoffice.gameProviders(),
      queryFn: getGameProviders,
      staleTime: 0,
    }),
  );
}
