import { Box, Button, Group, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn, DataTableColumnGroup } from 'mantine-datatable';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../csv';
import { useStaffFigure } from '../../money';
import { DeskTable } from '../desk-table';
import { type ReportColumn, reportCsv } from './report-columns';

type ReportTableProps<T> = {
  /** The table's heading and accessible name. */
  title: string;
  columns: ReportColumn<T>[];
  records: T[];
  /** The totals row, under the rows (the table's footer, the CSV's last line). */
  total?: T;
  /** The currency of the money columns, which the title names on screen and the CSV's headers. */
  currency?: string;
  idOf: (row: T) => string;
  /** The saved file's name, without `.csv`. */
  fileName: string;
  fetching?: boolean;
  /** The words of an empty table: by default, that nothing happened in the range. */
  noRecordsText?: string;
};

/**
 * Mantine-datatable's header groups: runs of neighbouring columns of one group under its
 * heading, a column of none under an empty one (the table wants every column in a group).
 */
function headerGroups<T>(
  columns: ReportColumn<T>[],
  table: DataTableColumn<T>[],
): DataTableColumnGroup<T>[] | undefined {
  if (!columns.some((column) => column.group)) return undefined;
  const groups: DataTableColumnGroup<T>[] = [];
  columns.forEach((column, index) => {
    const last = groups.at(-1);
    const cell = table[index];
    if (!cell) return;
    if (column.group && last && last.title === column.group) last.columns?.push(cell);
    else
      groups.push({
        id: `${column.key}-group`,
        title: column.group ?? '',
        textAlign: 'center',
        columns: [cell],
      });
  });
  return groups;
}

/**
 * A report's table (one row per period, or per provider, check…), its totals row in the footer,
 * and "Download CSV" writing exactly what it shows: amounts as plain numbers with the currency
 * in the header, days as YYYY-MM-DD.
 */
export function ReportTable<T>({
  title,
  columns,
  records,
  total,
  currency,
  idOf,
  fileName,
  fetching,
  noRecordsText,
}: ReportTableProps<T>) {
  const { t } = useTranslation();
  const figure = useStaffFigure();
  const headingId = useId();

  const show = (column: ReportColumn<T>, row: T): ReactNode => {
    if (column.render) return column.render(row);
    const value = column.value(row);
    if (value === null) return '—';
    return column.money && typeof value === 'number' ? figure(value) : value;
  };

  const table = columns.map(
    (column): DataTableColumn<T> => ({
      accessor: column.key,
      // Figures stay on one line; a long heading ("Manual (staff adjustments)") wraps at about
      // a figure's width, so a period's row of many channels fits a desk.
      title: (
        <Box component="span" display="inline-block" maw={120} style={{ whiteSpace: 'normal' }}>
          {column.title}
        </Box>
      ),
      textAlign: column.money || column.numeric ? 'right' : 'left',
      noWrap: true,
      render: (row) => show(column, row),
      ...(total === undefined ? {} : { footer: show(column, total) }),
    }),
  );
  const groups = headerGroups(columns, table);

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={records.length === 0}
          onClick={() =>
            downloadCsv(reportCsv(columns, records, { total, currency }), `${fileName}.csv`)
          }
        >
          {t('backoffice.reports.download')}
        </Button>
      </Group>
      <DeskTable<T>
        aria-labelledby={headingId}
        idAccessor={idOf}
        // Wider than the desk when money came in through many channels: the period stays in sight.
        pinFirstColumn
        horizontalSpacing="xs"
        records={records}
        fetching={fetching}
        noRecordsText={noRecordsText ?? t('backoffice.reports.emptyRange')}
        {...(groups ? { groups } : { columns: table })}
      />
    </Stack>
  );
}
