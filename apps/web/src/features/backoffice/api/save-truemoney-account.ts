import { useMutation } from '@tanstack/react-query';
import {
  OperatorTruemoneyAccountSchema,
  type TruemoneyAccountChange,
} from '@wallet/contract/operator-accounts';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `id` null adds the wallet; else its whole new state (on/off included) replaces it. */
export type TruemoneyAccountSave = { id: number | null } & TruemoneyAccountChange;

/**
 * `POST /api/backoffice/settings/truemoney-accounts` or `PUT …/truemoney-accounts/{id}`
 * (`settings.deposits`, admin and finance): the wallet, and why.
 */
export function saveTruemoneyAccount({ id, ...body }: TruemoneyAccountSave) {
  const path = '/api/backoffice/settings/truemoney-accounts';
  return staffRequest(id === null ? path : `${path}/${id}`, OperatorTruemoneyAccountSchema, {
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

export function useSaveTruemoneyAccount() {
  return useMutation({
    mutationFn: saveTruemoneyAccount,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.truemoneyAccounts() }),
  });
}
