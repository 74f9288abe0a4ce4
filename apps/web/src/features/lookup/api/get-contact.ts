import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ContactResponse, ContactResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/contact` (the spec's calls). */
export function getContact(): Promise<ContactResponse> {
  return apiRequest('/api/lookup/contact', ContactResponseSchema);
}

export function contactQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.contact(),
    queryFn: getContact,
    staleTime: 5 * 60_000,
  });
}

export function useContact() {
  return useQuery(contactQueryOptions());
}
