import { useMutation } from '@tanstack/react-query';
import {
  type BonusCreateSchema,
  type BonusSetting,
  BonusSettingSchema,
} from '@wallet/contract/promotion-settings';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `POST /api/backoffice/promotions/bonuses` (`promotions.change`): a new bonus or promotion code,
 * and why. A code already used answers BONUS_CODE_TAKEN on `code`.
 */
export function createBonus(body: z.output<typeof BonusCreateSchema>): Promise<BonusSetting> {
  return staffRequest('/api/backoffice/promotions/bonuses', BonusSettingSchema, {
    method: 'POST',
    body,
  });
}

export function useCreateBonus() {
  return useMutation({
    mutationFn: createBonus,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.promotions('bonuses') }),
  });
}
