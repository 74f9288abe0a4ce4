import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import type { MemberNoteSchema } from '@wallet/contract/staff-members';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/members/{id}/notes`: a note for other staff, kept with who wrote it and
 * never edited (`members.note`).
 */
export async function addMemberNote({
  memberId,
  ...body
}: { memberId: number } & z.output<typeof MemberNoteSchema>) {
  await staffRequest(`/api/backoffice/members/${memberId}/notes`, SuccessSchema, {
    method: 'POST',
    body,
  });
}

export function useAddMemberNote() {
  return useMutation({
    mutationFn: addMemberNote,
    onSuccess: (_, { memberId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.member(memberId) }),
  });
}
