import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ContentSettings, ContentSettingsSchema } from '@wallet/contract/content-settings';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/**
 * `GET /api/backoffice/settings/content` (`settings.read`): what members read that the operator
 * writes, every text in th, la and en.
 */
export function getContentSettings(): Promise<ContentSettings> {
  return staffRequest('/api/backoffice/settings/content', ContentSettingsSchema);
}

/** Another admin may have changed a text meanwhile: read afresh whenever the screen opens. */
export const contentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backoffice.content(),
    queryFn: getContentSettings,
    staleTime: 0,
  });

export function useContentSettings() {
  return useQuery(contentSettingsQueryOptions());
}
