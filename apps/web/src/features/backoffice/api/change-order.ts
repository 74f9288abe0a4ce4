import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import type { GameProviderCode } from '@wallet/contract/constants';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** A list members see in the operator's order, its whole new order, and why. */
export type OrderChange =
  | { list: 'deposit-accounts' | 'truemoney-accounts'; ids: number[]; reason: string }
  | { list: 'game-providers'; codes: GameProviderCode[]; reason: string };

const listKey = {
  'deposit-accounts': queryKeys.backoffice.depositAccounts,
  'truemoney-accounts': queryKeys.backoffice.truemoneyAccounts,
  'game-providers': queryKeys.backoffice.gameProviders,
} as const;

/**
 * `PUT /api/backoffice/settings/{list}/order`: the three orders are one call's shape (every row
 * named once, else KEY_INVALID: the screen was stale), so they share this file. Deposit and
 * TrueMoney accounts want `settings.deposits`, game providers `settings.providers`.
 */
export async function changeOrder({ list, ...body }: OrderChange): Promise<void> {
  await staffRequest(`/api/backoffice/settings/${list}/order`, SuccessSchema, {
    method: 'PUT',
    body,
  });
}

export function useChangeOrder() {
  return useMutation({
    mutationFn: changeOrder,
    // The server answers no rows: the list is read again, as it keeps it.
    onSettled: (_data, _error, change) =>
      queryClient.invalidateQueries({ queryKey: listKey[change.list]() }),
  });
}
