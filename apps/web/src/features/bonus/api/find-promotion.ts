import { useMutation } from '@tanstack/react-query';
import {
  type PromotionFindResponse,
  PromotionFindResponseSchema,
} from '@wallet/contract/promotion';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/promotion/find/{code}` (the spec's calls): the promotion, or `{}` when no promotion
 * the member may take has that code. A search is the member's action, so it is a mutation: the
 * same code searched twice asks twice.
 */
export function findPromotion(code: string): Promise<PromotionFindResponse> {
  return apiRequest(`/api/promotion/find/${encodeURIComponent(code)}`, PromotionFindResponseSchema);
}

export function useFindPromotion() {
  return useMutation({ mutationFn: findPromotion });
}
