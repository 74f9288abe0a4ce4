import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WheelSetting, WheelSettingResponseSchema } from '@wallet/contract/promotion-settings';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/promotions/wheel` (`promotions.read`): the wheel members spin now (else the
 * latest one), or null before there is any.
 */
export async function getWheelSetting(): Promise<WheelSetting | null> {
  return (await staffRequest('/api/backoffice/promotions/wheel', WheelSettingResponseSchema)).wheel;
}

export const wheelSettingQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.promotions('wheel'),
    queryFn: getWheelSetting,
    staleTime: 0,
  });

export function useWheelSetting() {
  return useQuery(wheelSettingQueryOptions());
}
