import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** What an admin may do to a staff account, each with a reason for the audit log. */
export const staffAccountChanges = ['reset-authenticator', 'deactivate', 'reactivate'] as const;
export type StaffAccountChange = (typeof staffAccountChanges)[number];

/**
 * `POST /api/backoffice/staff/{id}/reset-authenticator|deactivate|reactivate` (admin): a reset
 * or a deactivation ends the account's sessions.
 */
export async function changeStaffAccount(input: {
  id: number;
  change: StaffAccountChange;
  reason: string;
}): Promise<void> {
  await staffRequest(`/api/backoffice/staff/${input.id}/${input.change}`, SuccessSchema, {
    method: 'POST',
    body: { reason: input.reason },
  });
}

export function useChangeStaffAccount() {
  return useMutation({
    mutationFn: changeStaffAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.staff() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.sessions() }),
      ]),
  });
}
