import { useMutation } from '@tanstack/react-query';
import { StaffFreshCodeResponseSchema } from '@wallet/contract/staff';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { leaveBackoffice, staffCallOptions } from './staff-request';

export type FreshCodeAnswer = z.output<typeof StaffFreshCodeResponseSchema>;

/**
 * `POST /api/backoffice/totp`: a fresh authenticator code, for the money actions of the next few
 * minutes. A wrong code is 401 OTP_CODE_INVALID, which does not end the session (the dialog
 * shows it); any other 401 does, and takes staff to the login as staffRequest would.
 */
export async function giveFreshCode(code: string): Promise<FreshCodeAnswer> {
  try {
    return await apiRequest(
      '/api/backoffice/totp',
      StaffFreshCodeResponseSchema,
      staffCallOptions({ method: 'POST', body: { code } }),
    );
  } catch (error) {
    if (isApiError(error) && error.status === 401 && error.code !== 'OTP_CODE_INVALID') {
      void leaveBackoffice();
    }
    throw error;
  }
}

export function useGiveFreshCode() {
  return useMutation({ mutationFn: giveFreshCode });
}
