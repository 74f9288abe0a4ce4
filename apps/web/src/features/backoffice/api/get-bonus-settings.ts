import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BonusSetting, BonusSettingListSchema } from '@wallet/contract/promotion-settings';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/promotions/bonuses` (`promotions.read`): every bonus and promotion code of
 * both currencies, on or off, in the operator's order.
 */
export async function getBonusSettings(): Promise<BonusSetting[]> {
  return (await staffRequest('/api/backoffice/promotions/bonuses', BonusSettingListSchema)).bonuses;
}

export const bonusSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.promotions('bonuses'),
    queryFn: getBonusSettings,
    staleTime: 0,
  });

export function useBonusSettings() {
  return useQuery(bonusSettingsQueryOptions());
}
