import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@wallet/contract/account';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/account/profile` (the spec's calls): profile and bank account. The member shell's
 * loader starts it from the entry chunk; the contract's schema (and zod) loads meanwhile.
 */
export function getProfile(): Promise<ProfileResponse> {
  return apiRequest(
    '/api/account/profile',
    async () => (await import('@wallet/contract/account')).ProfileResponseSchema,
  );
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.profile(), queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
