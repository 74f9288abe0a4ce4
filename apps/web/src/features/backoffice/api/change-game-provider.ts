import { useMutation } from '@tanstack/react-query';
import type { GameProviderCode } from '@wallet/contract/constants';
import {
  type GameProviderChange,
  type GameProvidersResponse,
  OperatorGameProviderSchema,
} from '@wallet/contract/operator-accounts';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `PUT /api/backoffice/settings/game-providers/{code}` (`settings.providers`, admin): only what
 * changes, and why; answered with the provider as the server now keeps it. Members' lists show
 * it at once, transfers within a second.
 */
export type GameProviderUpdate = { code: GameProviderCode } & GameProviderChange;

export function changeGameProvider({ code, ...change }: GameProviderUpdate) {
  return staffRequest(
    `/api/backoffice/settings/game-providers/${code}`,
    OperatorGameProviderSchema,
    {
      method: 'PUT',
      body: change,
    },
  );
}

export function useChangeGameProvider() {
  return useMutation({
    mutationFn: changeGameProvider,
    onSuccess: (provider) =>
      queryClient.setQueryData<GameProvidersResponse>(
        queryKeys.backoffice.gameProviders(),
        (list) =>
          list && {
            providers: list.providers.map((each) =>
              each.code === provider.code ? provider : each,
            ),
          },
      ),
  });
}
