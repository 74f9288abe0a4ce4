import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One page of a list read from the server (the statement, the slips): a loader while the first
 * page loads, the items, or `empty`. A failed load shows nothing new (the spec's calls): the
 * loader goes away and the list stays as it was.
 */
export function PagedList<T extends { _id: string }>({
  items,
  pending,
  empty,
  render,
}: {
  items: T[] | undefined;
  pending: boolean;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (!items) return null;
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map(render)}
    </Stack>
  );
}
