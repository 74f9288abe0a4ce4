import { useMutation } from '@tanstack/react-query';
import {
  type StaffChallengeResponse,
  StaffChallengeResponseSchema,
  type StaffLogin,
} from '@wallet/contract/staff';
import { apiRequest } from '../../../lib/api-client';
import { staffCallOptions } from './staff-request';

/**
 * `POST /api/backoffice/login`, the first step: a wrong name or password is 400
 * WRONG_CREDENTIAL, too many tries 429; the form shows every refusal itself. It answers the
 * second step's challenge, with a new authenticator to confirm (`enrol`) until one is.
 */
export function staffLogin(body: StaffLogin): Promise<StaffChallengeResponse> {
  return apiRequest(
    '/api/backoffice/login',
    StaffChallengeResponseSchema,
    staffCallOptions({ method: 'POST', body }),
  );
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}
