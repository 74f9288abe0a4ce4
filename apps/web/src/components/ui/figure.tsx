import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A labelled figure of a promotion card (the invite bonus ready, the refund ready, a rate):
 * the small dimmed label over the value; `big` for the amount the card is about.
 */
export function Figure({
  label,
  value,
  testId,
  big = false,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  big?: boolean;
}) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        fw={big ? 700 : 600}
        size={big ? 'xl' : undefined}
        c={big ? 'gold.4' : undefined}
        data-testid={testId}
      >
        {value}
      </Text>
    </Stack>
  );
}
