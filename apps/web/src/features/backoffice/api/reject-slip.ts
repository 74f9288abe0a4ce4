import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import type { SlipRejectionSchema } from '@wallet/contract/desk';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type SlipRejection = { id: number } & z.output<typeof SlipRejectionSchema>;

/**
 * `POST /api/backoffice/slips/{id}/reject`: refused with a reason of the slip reason table, which
 * the member reads on the slip, and why (the audit log's).
 */
export async function rejectSlip({ id, ...body }: SlipRejection) {
  await staffRequest(`/api/backoffice/slips/${id}/reject`, SuccessSchema, {
    method: 'POST',
    body,
  });
}

export function useRejectSlip() {
  return useMutation({
    mutationFn: rejectSlip,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.slips() }),
  });
}
