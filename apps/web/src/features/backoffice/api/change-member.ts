import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * What support and admins (`members.status`) may do to a member, each with a reason the audit
 * log keeps, by the path of its call.
 */
export const memberChanges = {
  /** Their sessions end at once; they cannot sign in until reactivated. */
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  /** A temporary password by SMS (`502 SMS_SEND_FAIL` changes nothing); every session ends. */
  passwordReset: 'password-reset',
  /** Forgets the failed sign-ins that locked them out. */
  signInUnlock: 'sign-in-unlock',
  /** Every device signs in again. */
  endSessions: 'sessions/end',
} as const;
export type MemberChange = keyof typeof memberChanges;

export type MemberChangeRequest = { memberId: number; change: MemberChange; reason: string };

/** `POST /api/backoffice/members/{id}/deactivate|reactivate|password-reset|…` with the reason. */
export async function changeMember({ memberId, change, reason }: MemberChangeRequest) {
  await staffRequest(
    `/api/backoffice/members/${memberId}/${memberChanges[change]}`,
    SuccessSchema,
    {
      method: 'POST',
      body: { reason },
    },
  );
}

/** The searches and the member's page are read again: status, sessions, history changed. */
export function useChangeMember() {
  return useMutation({
    mutationFn: changeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.members() }),
  });
}
