import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section's title and what it is for, with its own actions on the right. */
export function SectionHeader({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {title}
        </Title>
        {text && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
      </Stack>
      {children}
    </Group>
  );
}
