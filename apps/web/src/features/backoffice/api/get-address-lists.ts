import { queryOptions, useQuery } from '@tanstack/react-query';
import { AddressListsResponseSchema } from '@wallet/contract/network-settings';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

export type AddressListsResponse = z.infer<typeof AddressListsResponseSchema>;

/**
 * `GET /api/backoffice/settings/ip-allow-lists` (`settings.read`): the lists admins set, the
 * deployment's fixed ones, and the address this browser comes from as the server sees it.
 */
export function getAddressLists(): Promise<AddressListsResponse> {
  return staffRequest('/api/backoffice/settings/ip-allow-lists', AddressListsResponseSchema);
}

export const addressListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.addressLists(),
    queryFn: getAddressLists,
    staleTime: 0,
  });

export function useAddressLists() {
  return useQuery(addressListsQueryOptions());
}
