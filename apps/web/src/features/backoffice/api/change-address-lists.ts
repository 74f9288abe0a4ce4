import { useMutation } from '@tanstack/react-query';
import {
  type AddressLists,
  type AddressListsChangeSchema,
  AddressListsSchema,
} from '@wallet/contract/network-settings';
import type { z } from 'zod';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AddressListsResponse } from './get-address-lists';
import { staffRequest } from './staff-request';

/**
 * `PUT /api/backoffice/settings/ip-allow-lists` (`settings.network`, admin): both lists, and why.
 * A list that would shut out the admin's own address is refused (`IP_ALLOW_LIST_SELF`, its field
 * `members` or `staff`).
 */
export function changeAddressLists(
  change: z.input<typeof AddressListsChangeSchema>,
): Promise<AddressLists> {
  return staffRequest('/api/backoffice/settings/ip-allow-lists', AddressListsSchema, {
    method: 'PUT',
    body: change,
  });
}

export function useChangeAddressLists() {
  return useMutation({
    mutationFn: changeAddressLists,
    onSuccess: (saved) =>
      queryClient.setQueryData(
        queryKeys.backoffice.addressLists(),
        (all: AddressListsResponse | undefined) => (all ? { ...all, ...saved } : all),
      ),
  });
}
