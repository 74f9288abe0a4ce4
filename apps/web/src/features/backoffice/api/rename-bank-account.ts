import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import type { StaffBankAccountNameSchema } from '@wallet/contract/staff-members';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type BankAccountNameChange = { memberId: number } & z.output<
  typeof StaffBankAccountNameSchema
>;

/**
 * `POST /api/backoffice/members/{id}/bank-account-name`: the name as the bank writes it (a payout
 * refused for the name), with the reason the audit log keeps. KTB, TMB and BBL take Latin names
 * only: the server answers `BANK_ACCOUNT_NAME_ENG` on the field otherwise.
 */
export async function renameBankAccount({ memberId, ...body }: BankAccountNameChange) {
  await staffRequest(`/api/backoffice/members/${memberId}/bank-account-name`, SuccessSchema, {
    method: 'POST',
    body,
  });
}

export function useRenameBankAccount() {
  return useMutation({
    mutationFn: renameBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.members() }),
  });
}
