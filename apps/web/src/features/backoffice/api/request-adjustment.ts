import { useMutation } from '@tanstack/react-query';
import { type AdjustmentRequest, AdjustmentStateSchema } from '@wallet/contract/desk';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { withFreshCode } from '../fresh-code';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/adjustments`: a balance adjustment, pending until another finance or
 * admin approves it (maker-checker). Money, so through the fresh-code flow.
 */
export function requestAdjustment(body: AdjustmentRequest) {
  return withFreshCode(() =>
    staffRequest('/api/backoffice/adjustments', AdjustmentStateSchema, { method: 'POST', body }),
  );
}

export function useRequestAdjustment() {
  return useMutation({
    mutationFn: requestAdjustment,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.adjustments() }),
  });
}
