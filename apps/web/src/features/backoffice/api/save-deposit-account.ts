import { useMutation } from '@tanstack/react-query';
import {
  type DepositAccountChange,
  OperatorDepositAccountSchema,
} from '@wallet/contract/operator-accounts';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `id` null adds the account; else its whole new state (on/off included) replaces it. */
export type DepositAccountSave = { id: number | null } & DepositAccountChange;

/**
 * `POST /api/backoffice/settings/deposit-accounts` or `PUT …/deposit-accounts/{id}`
 * (`settings.deposits`, admin and finance): the account, and why. Members see it on their next
 * deposit lookup.
 */
export function saveDepositAccount({ id, ...body }: DepositAccountSave) {
  const path = '/api/backoffice/settings/deposit-accounts';
  return staffRequest(id === null ? path : `${path}/${id}`, OperatorDepositAccountSchema, {
    method: id === null ? 'POST' : 'PUT',
    body,
  });
}

export function useSaveDepositAccount() {
  return useMutation({
    mutationFn: saveDepositAccount,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.depositAccounts() }),
  });
}
