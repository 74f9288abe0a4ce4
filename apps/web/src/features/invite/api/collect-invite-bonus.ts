import { useMutation } from '@tanstack/react-query';
import { type InviteBonusResponse, InviteBonusResponseSchema } from '@wallet/contract/invite';
import { apiRequest } from '../../../lib/api-client';
import { queryClient, refreshMoneyViews } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/invite/bonus` (the spec's calls): the invite bonus ready goes into the cash
 * wallet. The server counts each friend's round once (docs/promotions.md), so a repeat answers
 * NO_INVITE_BONUS rather than paying twice.
 */
/** With the action's Idempotency-Key: a retry of the same action answers the first answer. */
export function collectInviteBonus({
  idempotencyKey,
}: {
  idempotencyKey: string;
}): Promise<InviteBonusResponse> {
  return apiRequest('/api/invite/bonus', InviteBonusResponseSchema, { idempotencyKey });
}

/** Whatever the answer, the wallet (the referral card's amount) and the friends' list are read again. */
export function useCollectInviteBonus() {
  return useMutation({
    mutationFn: collectInviteBonus,
    onSettled: () =>
      Promise.all([
        refreshMoneyViews(),
        queryClient.invalidateQueries({ queryKey: queryKeys.invite.all }),
      ]),
  });
}
