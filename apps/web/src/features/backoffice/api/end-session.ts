import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import type { StaffSession } from '@wallet/contract/staff';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { leaveBackoffice, staffRequest } from './staff-request';

/**
 * `DELETE /api/backoffice/sessions/{id}`. Ending the session of this browser signs out: the
 * cookie is no good any more, so staff goes to the login at once.
 */
export async function endSession(session: Pick<StaffSession, 'id' | 'current'>): Promise<void> {
  await staffRequest(`/api/backoffice/sessions/${session.id}`, SuccessSchema, {
    method: 'DELETE',
  });
  if (session.current) await leaveBackoffice();
}

export function useEndSession() {
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_, session) =>
      session.current
        ? undefined
        : queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.sessions() }),
  });
}
