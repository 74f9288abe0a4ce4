import { useMutation } from '@tanstack/react-query';
import {
  type StaffLogin,
  type StaffLoginResponse,
  StaffLoginResponseSchema,
} from '@wallet/contract/backoffice';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useStaffSession } from '../staff-session';

/**
 * `POST /api/backoffice/login`: a wrong name or password is 400 WRONG_CREDENTIAL, too many
 * tries 429. No token goes with it (neither the member's nor an old staff one), and the form
 * shows every refusal itself.
 */
export function staffLogin(body: StaffLogin): Promise<StaffLoginResponse> {
  return apiRequest('/api/backoffice/login', StaffLoginResponseSchema, {
    method: 'POST',
    body,
    token: null,
    redirects: false,
  });
}

/** Keeps the token and the profile the server answered with, so the chat screen need not ask. */
export function useStaffLogin() {
  return useMutation({
    mutationFn: staffLogin,
    onSuccess: ({ token, staff }) => {
      useStaffSession.getState().signIn(token);
      queryClient.setQueryData(queryKeys.backoffice.me(), staff);
    },
  });
}
