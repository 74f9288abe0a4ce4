import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazyOverlay } from '../components/ui/lazy-overlay';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/**
 * The toast host is not needed to paint a screen, nor until there is a toast: it loads with the
 * first `notifications.show()` (lib/alerts.ts), which Mantine's store holds until it mounts.
 */
const Notifications = lazyOverlay<{ opened: boolean }>(
  async () => {
    const { Notifications } = await import('./toast-host');
    return function ToastList() {
      return <Notifications position="top-center" limit={3} zIndex={2000} />;
    };
  },
  ({ opened }) => opened,
);

type AppProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

/** Tests (`now`) mount it at once: they read toasts right after the action. */
function ToastHost({ now }: { now: boolean }) {
  const { notifications, queue } = useNotifications();
  return <Notifications opened={now || notifications.length + queue.length > 0} />;
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={env}>
      <QueryClientProvider client={queryClient}>
        <ToastHost now={env === 'test'} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
