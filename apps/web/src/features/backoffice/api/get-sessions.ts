import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StaffSession, StaffSessionsResponseSchema } from '@wallet/contract/staff';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** `GET /api/backoffice/sessions`: one's own open sessions (an admin sees everyone's). */
export async function getSessions(): Promise<StaffSession[]> {
  return (await staffRequest('/api/backoffice/sessions', StaffSessionsResponseSchema)).sessions;
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backoffice.sessions(), queryFn: getSessions, staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
