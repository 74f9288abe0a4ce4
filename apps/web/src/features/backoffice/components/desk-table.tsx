import { DataTable, type DataTableProps, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../paging';

/**
 * Every list of the back office (mantine-datatable): one look, the words for an empty list in the
 * reader's language. Lists the server pages (members, adjustments, withdrawals) take their pager
 * from useDeskPage; the others come whole and are sorted in the browser (useDeskList).
 */
export function DeskTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  // DataTableProps is a union (with or without selection, sorting, paging…) that TypeScript
  // cannot check member by member once spread with the defaults: the caller's props chose one.
  const merged = {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    // A gold tint rather than Mantine's lighter navy (dark.5), on which dimmed text falls to 3.8:1;
    // here it keeps 4.8:1 (WCAG AA).
    highlightOnHoverColor: '#292d3d',
    verticalAlign: 'center',
    minHeight: props.records?.length ? undefined : 180,
    noRecordsText: t('backoffice.table.empty'),
    loadingText: t('common.loading'),
    ...props,
  } as DataTableProps<T>;
  return <DataTable<T> {...merged} />;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
}

/** Records ordered by one column, the way the table's sort status says. */
export function sortRecords<T>(records: readonly T[], status: DataTableSortStatus<T>): T[] {
  const key = status.columnAccessor as keyof T;
  const sign = status.direction === 'asc' ? 1 : -1;
  return [...records].sort((a, b) => sign * compare(a[key], b[key]));
}

/** The table's sort status and the records in that order, sorted in the browser. */
export function useSorted<T>(records: readonly T[] | undefined, initial: DataTableSortStatus<T>) {
  const [sortStatus, setSortStatus] = useState(initial);
  const sorted = useMemo(() => sortRecords(records ?? [], sortStatus), [records, sortStatus]);
  return { records: sorted, sortStatus, onSortStatusChange: setSortStatus };
}

type ListQuery<T> = { data: readonly T[] | undefined; isFetching: boolean; isError: boolean };

/**
 * A list query as every desk table shows it, to spread into DeskTable: sorted in the browser,
 * loading until its first answer (not on each refresh, which keeps the rows), and an empty
 * list's words saying whether the list failed or had nothing (`empty`, a key).
 */
export function useDeskList<T>(
  query: ListQuery<T>,
  initial: DataTableSortStatus<T>,
  empty = 'backoffice.table.empty',
) {
  const { t } = useTranslation();
  const table = useSorted(query.data, initial);
  return {
    ...table,
    fetching: query.isFetching && !query.data,
    noRecordsText: t(query.isError ? 'backoffice.table.loadFailed' : empty),
  };
}

type PageQuery<D> = { data: D | undefined; isFetching: boolean; isError: boolean };

/**
 * A page of a list the server pages and sorts, to spread into DeskTable: its rows and the pager
 * over the `total` the server counts (`rows` picks both from the answer), in the reader's words;
 * loading until the first answer, and the empty list's words as useDeskList's.
 */
export function useDeskPage<D, T>(
  query: PageQuery<D>,
  rows: (data: D) => { records: T[]; total: number },
  paging: Paging<string>,
  empty = 'backoffice.table.empty',
) {
  const { t } = useTranslation();
  const page = query.data === undefined ? undefined : rows(query.data);
  const { sort, order } = paging.request;
  const sortStatus: DataTableSortStatus<T> = { columnAccessor: sort, direction: order };
  return {
    // A pager wants the table's border said (mantine-datatable's paginated props).
    withTableBorder: true,
    records: page?.records ?? [],
    totalRecords: page?.total ?? 0,
    ...paging.table,
    sortStatus,
    onSortStatusChange: (next: DataTableSortStatus<T>) =>
      paging.sortBy(String(next.columnAccessor), next.direction),
    fetching: query.isFetching && !query.data,
    noRecordsText: t(query.isError ? 'backoffice.table.loadFailed' : empty),
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) => t('backoffice.table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': t(`backoffice.table.pages.${control}`),
    }),
  };
}
