import { useMutation } from '@tanstack/react-query';
import { MemberTagsSchema } from '@wallet/contract/staff-members';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `PUT /api/backoffice/members/{id}/tags`: the member's whole set of tags (`vip`, `watch`…),
 * answered as the server keeps them (`members.note`).
 */
export function setMemberTags({
  memberId,
  ...body
}: { memberId: number } & z.output<typeof MemberTagsSchema>) {
  return staffRequest(`/api/backoffice/members/${memberId}/tags`, MemberTagsSchema, {
    method: 'PUT',
    body,
  });
}

export function useSetMemberTags() {
  return useMutation({
    mutationFn: setMemberTags,
    onSuccess: (_, { memberId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.member(memberId) }),
  });
}
