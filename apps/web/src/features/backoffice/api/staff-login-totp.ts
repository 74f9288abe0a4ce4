import { useMutation } from '@tanstack/react-query';
import { StaffSessionResponseSchema, type StaffTotpRequest } from '@wallet/contract/staff';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffCallOptions } from './staff-request';

/**
 * The session as the browser sees it: without its token. The server sets the session in an
 * httpOnly cookie as well, and the token is left out while the answer is read, so no page
 * script (nor the mutation's cache) ever holds it.
 */
const BrowserSessionSchema = StaffSessionResponseSchema.omit({ token: true });
export type BrowserStaffSession = z.output<typeof BrowserSessionSchema>;

/**
 * `POST /api/backoffice/login/totp`, the second step, with the authenticator's code or a
 * recovery code. A wrong code is 401 OTP_CODE_INVALID, five of them 429; an expired or unknown
 * challenge is another 401. `recoveryCodes` come only when an authenticator was just confirmed.
 */
export function staffLoginTotp(body: StaffTotpRequest): Promise<BrowserStaffSession> {
  return apiRequest(
    '/api/backoffice/login/totp',
    BrowserSessionSchema,
    staffCallOptions({ method: 'POST', body }),
  );
}

/** Keeps the profile the server answered with, so the back office's guard need not ask. */
export function useStaffLoginTotp() {
  return useMutation({
    mutationFn: staffLoginTotp,
    onSuccess: ({ staff }) => queryClient.setQueryData(queryKeys.backoffice.me(), staff),
  });
}
