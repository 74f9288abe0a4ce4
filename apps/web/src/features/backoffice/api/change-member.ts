import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type MemberStatusChange = { memberId: number; active: boolean; reason: string };

/**
 * `POST /api/backoffice/members/{id}/deactivate|reactivate` with the reason the audit log keeps:
 * a deactivated member's sessions end at once.
 */
export async function setMemberActive({ memberId, active, reason }: MemberStatusChange) {
  const verb = active ? 'reactivate' : 'deactivate';
  await staffRequest(`/api/backoffice/members/${memberId}/${verb}`, SuccessSchema, {
    method: 'POST',
    body: { reason },
  });
}

export function useSetMemberActive() {
  return useMutation({
    mutationFn: setMemberActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.members() }),
  });
}
