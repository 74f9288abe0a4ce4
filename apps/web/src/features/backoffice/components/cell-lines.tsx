import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table cell of two lines: the main one, and a smaller dimmed one under it when there is
 * something to say (a member's phone under their name, a reason under who decided).
 */
export function CellLines({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" component="div">
        {main}
      </Text>
      {sub === undefined || sub === null || sub === '' ? null : (
        <Text size="xs" c="dimmed" component="div">
          {sub}
        </Text>
      )}
    </Stack>
  );
}
