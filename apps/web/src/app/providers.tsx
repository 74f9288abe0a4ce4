import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { queryClient } from '../lib/query-client';
import { onToastHostWanted } from '../lib/toast-host-gate';
import { whenSettled } from '../lib/when-settled';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toast host is not needed to paint a screen, so it loads once the page has settled, or at
 * once for a toast shown before then (lib/toast-host-gate.ts); `notifications.show()` calls made
 * before it mounts are queued by Mantine's store. It does not wait for the first toast, as the
 * closed overlays wait to be opened: an error toast is most needed when the network has gone,
 * and the host must be there by then.
 */
const Notifications = lazy(async () => ({
  default: (await import('./toast-host')).Notifications,
}));

type AppProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

/** Tests (`now`) mount it at once: they read toasts right after the action. */
function ToastHost({ now }: { now: boolean }) {
  const [settled, setSettled] = useState(now);
  useEffect(() => {
    const show = () => setSettled(true);
    const cancel = whenSettled(show);
    const stop = onToastHostWanted(show);
    return () => {
      cancel();
      stop();
    };
  }, []);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={3} zIndex={2000} />
    </Suspense>
  );
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="dark"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <ToastHost now={env === 'test'} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
