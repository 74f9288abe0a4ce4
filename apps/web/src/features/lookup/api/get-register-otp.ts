import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeatureFlagResponse, FeatureFlagResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/lookup/registerOTP` (the spec's calls). */
export function getRegisterOtp(): Promise<FeatureFlagResponse> {
  return apiRequest('/api/lookup/registerOTP', FeatureFlagResponseSchema);
}

export function registerOtpQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.registerOtp(),
    queryFn: getRegisterOtp,
    staleTime: 0,
  });
}

export function useRegisterOtp() {
  return useQuery(registerOtpQueryOptions());
}
