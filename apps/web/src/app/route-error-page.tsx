import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from 'react-router';

/** Last line of defence: a failed chunk or guard shows a way out instead of a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={360} ta="center">
        <Title order={1} size="h3">
          {t('common.errorTitle')}
        </Title>
        <Text c="dimmed">{t('common.somethingWentWrong')}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Center>
  );
}

type BoundaryProps = { location: Location; error?: unknown; children: ReactNode };
type BoundaryState = { location: Location; failed: boolean };

/**
 * Shows RouteErrorPage when a screen throws while rendering (or a guard failed: `error`), and
 * gives the screens another chance on the next navigation, as React Router's boundary does.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    location: this.props.location,
    failed: this.props.error !== undefined,
  };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    if (props.location === state.location) return null;
    return { location: props.location, failed: props.error !== undefined };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
