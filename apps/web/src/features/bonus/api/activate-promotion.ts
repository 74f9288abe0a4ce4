import { useMutation } from '@tanstack/react-query';
import {
  type PromotionActivateResponse,
  PromotionActivateResponseSchema,
} from '@wallet/contract/promotion';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/promotion/activate/{code}` (the spec's calls): the promotion becomes the running bonus. */
export function activatePromotion(code: string): Promise<PromotionActivateResponse> {
  return apiRequest(
    `/api/promotion/activate/${encodeURIComponent(code)}`,
    PromotionActivateResponseSchema,
  );
}

export function useActivatePromotion() {
  return useMutation({
    mutationFn: activatePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bonus.all }),
  });
}
