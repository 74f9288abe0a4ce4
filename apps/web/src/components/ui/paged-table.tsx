import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PagedColumn<T> = {
  key: string;
  header: string;
  align?: 'left' | 'right';
  cell: (row: T) => ReactNode;
};

type TableBodyProps<T> = {
  /** Heads the table and names it for assistive technology. */
  title: string;
  columns: PagedColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T, index: number) => string;
  pending: boolean;
  empty: string;
};

function TableBody<T>({ title, columns, rows, rowKey, pending, empty }: TableBodyProps<T>) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (!rows) return null;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" size="sm" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label={title}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.align}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Td key={column.key} ta={column.align}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One page of a table read from the server (the invited friends, the refund log) under its
 * title: a loader while the first page loads, the rows, or `empty`. A failed load shows
 * nothing new (the spec's calls): the loader goes away and the table stays as it was.
 * `children` (the pager) follow it.
 */
export function PagedTable<T>({ children, ...body }: TableBodyProps<T> & { children?: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {body.title}
      </Title>
      <TableBody {...body} />
      {children}
    </Stack>
  );
}
