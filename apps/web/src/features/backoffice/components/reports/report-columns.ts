import type { ReactNode } from 'react';
import { type CsvColumn, toCsv } from '../../csv';

/** What a report's cell holds: an amount or a count as a number, a day, a name. */
export type ReportCell = string | number | null;

/**
 * A column of a report's table, which its "Download CSV" writes as it is shown: the same
 * columns in the same order, the same rows and the totals row.
 */
export type ReportColumn<T> = {
  key: string;
  title: string;
  /** A heading over this column and its neighbours of the same group (a check, the sources). */
  group?: string;
  /**
   * An amount in the table's currency: shown with the back office's money helper, written as a
   * plain number under a header that names the currency.
   */
  money?: boolean;
  /** A count or another figure: right-aligned, as amounts are. */
  numeric?: boolean;
  /** What the CSV writes: amounts and counts as plain numbers, days as YYYY-MM-DD. */
  value: (row: T) => ReportCell;
  /** What the screen shows, when not the value itself (or, for an amount, the money helper's). */
  render?: (row: T) => ReactNode;
};

/** A column's CSV header: its group and title, and the currency of an amount. */
export function csvHeader(
  column: Pick<ReportColumn<unknown>, 'title' | 'group' | 'money'>,
  currency?: string,
): string {
  const title = column.group ? `${column.group}: ${column.title}` : column.title;
  return column.money && currency ? `${title} (${currency})` : title;
}

/** A report's table as CSV: its rows, then its totals row when it has one. */
export function reportCsv<T>(
  columns: readonly ReportColumn<T>[],
  rows: readonly T[],
  { total, currency }: { total?: T | undefined; currency?: string | undefined } = {},
): string {
  const csv = columns.map(
    (column): CsvColumn<T> => ({
      header: csvHeader(column, currency),
      value: column.value,
    }),
  );
  return toCsv(csv, total === undefined ? rows : [...rows, total]);
}
