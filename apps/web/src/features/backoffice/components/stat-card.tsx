import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { classes } from './classes';

type StatCardProps = {
  label: string;
  value: ReactNode;
  /** A smaller line under the figure (how many, since when). */
  note?: ReactNode;
  testId?: string;
  /** The section where the figure's rows are, for a role that may open it. */
  to?: string | undefined;
};

/** A figure at a glance: a dimmed label over it, and a note under it. */
export function StatCard({ label, value, note, testId, to }: StatCardProps) {
  const body = (
    <>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
      {note !== undefined && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
  return to ? (
    <Paper withBorder p="sm" radius="md" component={Link} to={to} className={classes.statLink}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="sm" radius="md">
      {body}
    </Paper>
  );
}
