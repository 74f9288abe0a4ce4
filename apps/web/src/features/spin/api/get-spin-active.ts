import { queryOptions, useQuery } from '@tanstack/react-query';
import { SpinActiveResponseSchema } from '@wallet/contract/spin';
import { apiRequest } from '../../../lib/api-client';
import { afterNextPaint } from '../../../lib/next-paint';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/spinwheel/active`: the spin entry points show only while it says so (the spec 4).
 * Asked once the screen that needs it has painted (lib/next-paint.ts).
 */
export function spinActiveQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.spin.active(),
    queryFn: afterNextPaint(() => apiRequest('/api/spinwheel/active', SpinActiveResponseSchema)),
  });
}

/** Whether the wheel runs; false while unknown or when the call fails (no entry then). */
export function useSpinActive(): boolean {
  const { data } = useQuery(spinActiveQueryOptions());
  return data?.isActive ?? false;
}
