import { useMutation } from '@tanstack/react-query';
import {
  type BonusChangeSchema,
  type BonusSetting,
  BonusSettingSchema,
} from '@wallet/contract/promotion-settings';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type BonusChange = { code: string } & z.output<typeof BonusChangeSchema>;

/**
 * `PUT /api/backoffice/promotions/bonuses/{code}` (`promotions.change`): a bonus's rules, and
 * why. Members meet them on their next call; a bonus already taken keeps the rules it was taken
 * under.
 */
export function changeBonus({ code, ...body }: BonusChange): Promise<BonusSetting> {
  return staffRequest(
    `/api/backoffice/promotions/bonuses/${encodeURIComponent(code)}`,
    BonusSettingSchema,
    { method: 'PUT', body },
  );
}

export function useChangeBonus() {
  return useMutation({
    mutationFn: changeBonus,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.promotions('bonuses') }),
  });
}
