import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { cssVariablesResolver, theme } from '../app/theme';
import { queryClient } from '../lib/query-client';

/**
 * The app's look on a desktop: the member app's theme sizes fields and buttons for a thumb on a
 * phone; staff work at a desk, with a mouse, on tables of many rows.
 */
export const backofficeTheme = createTheme({
  ...theme,
  components: {
    ...theme.components,
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Select: { defaultProps: { size: 'sm' } },
  },
});

/**
 * The toast host (lib/alerts.ts) in a chunk of its own, as in the member app: no screen waits
 * for it.
 */
const Notifications = lazy(async () => ({
  default: (await import('../app/toast-host')).Notifications,
}));

type BackofficeProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

/** Mantine with the app's theme, the one query client, and the toasts (lib/alerts.ts). */
export function BackofficeProviders({ children, env = 'default' }: BackofficeProvidersProps) {
  return (
    <MantineProvider
      theme={backofficeTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="dark"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={3} zIndex={2000} />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
