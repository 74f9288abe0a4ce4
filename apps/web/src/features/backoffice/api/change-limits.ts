import { useMutation } from '@tanstack/react-query';
import { SuccessSchema } from '@wallet/contract/common';
import type { Currency } from '@wallet/contract/constants';
import type { LimitsChangeSchema } from '@wallet/contract/operator';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type LimitsChange = { currency: Currency } & z.output<typeof LimitsChangeSchema>;

/**
 * `PUT /api/backoffice/settings/limits/{currency}` (`settings.limits`, admin and finance): every
 * amount rule of one currency, in that currency, and why. Members meet them within a second.
 */
export async function changeLimits({ currency, ...body }: LimitsChange): Promise<void> {
  await staffRequest(`/api/backoffice/settings/limits/${currency}`, SuccessSchema, {
    method: 'PUT',
    body,
  });
}

export function useChangeLimits() {
  return useMutation({
    mutationFn: changeLimits,
    // The server answers no rules: they are read again, as it keeps them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.limits() }),
  });
}
