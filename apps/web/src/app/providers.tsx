import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/**
 * The toast host is not needed to paint /login (its errors show under the form), so it loads
 * after the first screen; `notifications.show()` calls made before it mounts are queued.
 */
const Notifications = lazy(async () => ({
  default: (await import('./toast-host')).Notifications,
}));

type AppProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={env}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Notifications position="top-center" limit={3} zIndex={2000} />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
