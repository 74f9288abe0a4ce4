import { useMutation } from '@tanstack/react-query';
import {
  type BonusActivateResponse,
  BonusActivateResponseSchema,
  type BonusListResponse,
} from '@wallet/contract/bonus';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/bonus/activate/{code}` (the spec's calls): takes the bonus, returns the userBonus. */
export function activateBonus(code: string): Promise<BonusActivateResponse> {
  return apiRequest(`/api/bonus/activate/${encodeURIComponent(code)}`, BonusActivateResponseSchema);
}

/** The spec's states: activating sets the card's userBonus from the response, then refreshes. */
export function useActivateBonus() {
  return useMutation({
    mutationFn: activateBonus,
    onSuccess: (userBonus, code) => {
      queryClient.setQueryData<BonusListResponse>(queryKeys.bonus.list(), (list) =>
        list
          ? {
              ...list,
              bonuses: list.bonuses.map((bonus) =>
                bonus.code === code ? { ...bonus, userBonus } : bonus,
              ),
            }
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.bonus.all });
    },
  });
}
