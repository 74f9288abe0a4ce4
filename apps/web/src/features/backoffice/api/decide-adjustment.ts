import { useMutation } from '@tanstack/react-query';
import { AdjustmentStateSchema } from '@wallet/contract/desk';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { withFreshCode } from '../fresh-code';
import { staffRequest } from './staff-request';

/** An approval moves the ledger; a rejection says why. */
export type AdjustmentDecision = { id: number } & (
  | { approve: true }
  | { approve: false; reason: string }
);

/**
 * `POST /api/backoffice/adjustments/{id}/approve|reject`. The staff member who asked is refused
 * `403 MAKER_CHECKER`; an approval wants a fresh code (the fresh-code flow).
 */
export function decideAdjustment(decision: AdjustmentDecision) {
  const path = `/api/backoffice/adjustments/${decision.id}`;
  return withFreshCode(() =>
    decision.approve
      ? staffRequest(`${path}/approve`, AdjustmentStateSchema, { method: 'POST' })
      : staffRequest(`${path}/reject`, AdjustmentStateSchema, {
          method: 'POST',
          body: { reason: decision.reason },
        }),
  );
}

/**
 * Whatever the outcome, what it touches is read again (another staff member may have decided it
 * meanwhile): the queue, the kept transfers and slips an approval credits, the members' balances.
 */
const changed = [
  queryKeys.backoffice.adjustments(),
  queryKeys.backoffice.bankTransfers(),
  queryKeys.backoffice.slips(),
  queryKeys.backoffice.members(),
];

export function useDecideAdjustment() {
  return useMutation({
    mutationFn: decideAdjustment,
    onSettled: () =>
      Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
