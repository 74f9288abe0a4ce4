import { useMutation } from '@tanstack/react-query';
import { type SwitchesChange, SwitchesSchema } from '@wallet/contract/operator';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `PUT /api/backoffice/settings/switches` (`settings.switches`, admin): only the switches that
 * change, and why; answered with every switch as the server now keeps them.
 */
export function changeSwitches(change: SwitchesChange) {
  return staffRequest('/api/backoffice/settings/switches', SwitchesSchema, {
    method: 'PUT',
    body: change,
  });
}

export function useChangeSwitches() {
  return useMutation({
    mutationFn: changeSwitches,
    onSuccess: (switches) => queryClient.setQueryData(queryKeys.backoffice.switches(), switches),
  });
}
