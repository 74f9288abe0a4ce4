import { useMutation } from '@tanstack/react-query';
import { WithdrawalStateSchema } from '@wallet/contract/desk';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { withFreshCode } from '../fresh-code';
import { staffRequest } from './staff-request';

/** An approval sends it to the payout provider; a rejection gives the money back, with a reason. */
export type WithdrawalDecision = { id: number } & (
  | { approve: true }
  | { approve: false; reason: string }
);

/** `POST /api/backoffice/withdrawals/{id}/approve|reject`, through the fresh-code flow. */
export function decideWithdrawal(decision: WithdrawalDecision) {
  const path = `/api/backoffice/withdrawals/${decision.id}`;
  return withFreshCode(() =>
    decision.approve
      ? staffRequest(`${path}/approve`, WithdrawalStateSchema, { method: 'POST' })
      : staffRequest(`${path}/reject`, WithdrawalStateSchema, {
          method: 'POST',
          body: { reason: decision.reason },
        }),
  );
}

export const refreshWithdrawals = () =>
  queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.withdrawals() });

/** The queue is read again after each decision, whatever its outcome (bulk: once, at the end). */
export function useDecideWithdrawal({ refresh = true }: { refresh?: boolean } = {}) {
  return useMutation({
    mutationFn: decideWithdrawal,
    onSettled: () => (refresh ? refreshWithdrawals() : undefined),
  });
}
