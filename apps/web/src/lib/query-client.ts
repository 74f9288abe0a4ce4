import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { queryKeys } from './query-keys';

/** A refusal (4xx) will not change by asking again; a network fault or 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * After a money call, whatever its outcome (a failed transfer put its funds back): the wallet
 * (with the game accounts under it), the statement and the running bonus's progress (deposits
 * pay it, bets move its turnover, a clear ends it) are read again.
 */
export function refreshMoneyViews(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.statement.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.bonus.all }),
  ]);
}
