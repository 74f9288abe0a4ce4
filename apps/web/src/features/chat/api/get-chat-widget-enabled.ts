import { queryOptions, useQuery } from '@tanstack/react-query';
import { FeatureFlagResponseSchema } from '@wallet/contract/lookup';
import { apiRequest } from '../../../lib/api-client';
import { afterNextPaint } from '../../../lib/next-paint';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/lookup/enableChatWidget` (the spec's calls): whether the chat widget shows. Asked
 * once the screen that shows the button has painted (lib/next-paint.ts).
 */
export function chatWidgetQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.lookup.chatWidget(),
    queryFn: afterNextPaint(() =>
      apiRequest('/api/lookup/enableChatWidget', FeatureFlagResponseSchema),
    ),
    staleTime: 5 * 60_000,
  });
}

/** Whether the widget shows; false while unknown or when the call fails (no button then). */
export function useChatWidgetEnabled(): boolean {
  const { data } = useQuery(chatWidgetQueryOptions());
  return data?.isActive ?? false;
}
