import { useMutation } from '@tanstack/react-query';
import {
  type WheelChangeSchema,
  type WheelSetting,
  WheelSettingSchema,
} from '@wallet/contract/promotion-settings';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `PUT /api/backoffice/promotions/wheel` (`promotions.change`): publishes the wheel as a new
 * version, and why. Slices whose chances do not add up to 100 % answer WHEEL_PROBABILITY_SUM.
 * The next spin meets the new wheel; coupons already won keep their prize.
 */
export function publishWheel(body: z.output<typeof WheelChangeSchema>): Promise<WheelSetting> {
  return staffRequest('/api/backoffice/promotions/wheel', WheelSettingSchema, {
    method: 'PUT',
    body,
  });
}

export function usePublishWheel() {
  return useMutation({
    mutationFn: publishWheel,
    onSuccess: (wheel) => queryClient.setQueryData(queryKeys.backoffice.promotions('wheel'), wheel),
  });
}
