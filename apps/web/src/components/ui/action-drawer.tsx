import { Drawer, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ActionEntry = {
  key: string;
  label: string;
  icon: ReactNode;
  /** Extra line under the label (a coin count, a last sync time…). */
  hint?: string;
  onSelect: () => void;
};

type ActionDrawerProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  entries: ActionEntry[];
};

/**
 * The plus-button drawer of the member shell (the spec's screens). Entries are data: each
 * feature adds its own (deposit, withdraw, invite, bonus, refund, spin) as it lands, so the
 * drawer never shows a button that does nothing.
 */
export function ActionDrawer({ opened, onClose, title, entries }: ActionDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // Mantine's close button has no accessible name of its own (as in AppModal).
      closeButtonProps={{ 'aria-label': t('common.close') }}
      position="bottom"
      title={title}
      size="auto"
      radius="lg"
      overlayProps={{ blur: 3 }}
      styles={{
        content: {
          maxWidth: 'var(--wallet-column)',
          margin: '0 auto',
          height: 'auto',
          paddingBottom: 'env(safe-area-inset-bottom)',
        },
      }}
    >
      <SimpleGrid cols={3} spacing="sm" pb="md">
        {entries.map((entry) => (
          <UnstyledButton
            key={entry.key}
            onClick={() => {
              onClose();
              entry.onSelect();
            }}
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-lg)' }}
            className="wallet-hero-card"
          >
            <Stack align="center" gap={6}>
              {entry.icon}
              <Text size="sm" fw={600} ta="center">
                {entry.label}
              </Text>
              {entry.hint && (
                <Text size="xs" c="dimmed" ta="center">
                  {entry.hint}
                </Text>
              )}
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Drawer>
  );
}
