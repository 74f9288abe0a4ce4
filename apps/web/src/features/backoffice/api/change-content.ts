import { useMutation } from '@tanstack/react-query';
import {
  type ContentKey,
  type ContentSettings,
  ContentSettingsSchema,
} from '@wallet/contract/content-settings';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** One part of the content and why (`contentChangeSchemas`). */
export type ContentChange<K extends ContentKey> = { value: ContentSettings[K]; reason: string };

/**
 * `PUT /api/backoffice/settings/content/{part}` (`settings.content`, admin): one part, and why;
 * answered with the part as the server keeps it (its HTML cleaned).
 */
export function changeContent(
  part: ContentKey,
  change: ContentChange<ContentKey>,
): Promise<ContentSettings[ContentKey]> {
  return staffRequest(
    `/api/backoffice/settings/content/${part}`,
    ContentSettingsSchema.shape[part],
    {
      method: 'PUT',
      body: change,
    },
  );
}

export function useChangeContent<K extends ContentKey>(part: K) {
  return useMutation({
    mutationFn: (change: ContentChange<K>) => changeContent(part, change),
    onSuccess: (saved) =>
      queryClient.setQueryData(
        queryKeys.backoffice.content(),
        (all: ContentSettings | undefined) => (all ? { ...all, [part]: saved } : all),
      ),
  });
}
