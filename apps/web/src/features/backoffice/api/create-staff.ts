import { useMutation } from '@tanstack/react-query';
import { type CreatedStaff, CreatedStaffSchema, type CreateStaff } from '@wallet/contract/staff';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/staff` (admin): the answer carries a one-time password, which the screen
 * shows once and nothing keeps.
 */
export function createStaff(body: CreateStaff): Promise<CreatedStaff> {
  return staffRequest('/api/backoffice/staff', CreatedStaffSchema, { method: 'POST', body });
}

export function useCreateStaff() {
  return useMutation({
    mutationFn: createStaff,
    // The mutation cache would keep the answer, password and all, for 5 minutes after the
    // dialog lets go of it (reset on close): it goes at once instead.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.staff() }),
  });
}
