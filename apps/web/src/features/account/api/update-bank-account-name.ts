import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountNameUpdate } from '@wallet/contract/account';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `PUT /api/account/bankAccountName` (the spec's calls). No response schema exists in the
 * contract; the profile is refetched instead of reading the answer.
 */
export function updateBankAccountName(body: BankAccountNameUpdate): Promise<unknown> {
  return apiSend('/api/account/bankAccountName', { method: 'PUT', body });
}

export function useUpdateBankAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankAccountName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.profile() }),
  });
}
