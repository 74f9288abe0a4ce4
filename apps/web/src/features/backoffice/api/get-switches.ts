import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Switches, SwitchesSchema } from '@wallet/contract/operator';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/settings/switches` (`settings.read`): the features on and off. */
export function getSwitches(): Promise<Switches> {
  return staffRequest('/api/backoffice/settings/switches', SwitchesSchema);
}

/** Another admin may have closed the service meanwhile: read afresh whenever the screen opens. */
export const switchesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backoffice.switches(), queryFn: getSwitches, staleTime: 0 });

export function useSwitches() {
  return useQuery(switchesQueryOptions());
}
