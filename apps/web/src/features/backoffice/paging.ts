import type { StaffPage } from '@wallet/contract/staff';
import { useState } from 'react';

/**
 * Lists the server pages and sorts (docs/backoffice.md, "Lists page and sort on the server"):
 * members, adjustments and withdrawals answer one page of rows and the `total` over every page.
 */

/** A page's query string: `page`, `limit`, `sort`, `order` (the contract's staffPageQuery). */
export function pageParams(page: StaffPage): Record<string, string> {
  return {
    page: String(page.page),
    limit: String(page.limit),
    sort: page.sort,
    order: page.order,
  };
}

export type Paging<Column extends string> = {
  /** The page to ask for. */
  request: StaffPage<Column>;
  /** The table's pager, as DeskTable takes it (useDeskPage). */
  table: { page: number; onPageChange: (page: number) => void; recordsPerPage: number };
  /** Another order, from a column header: taken when the server sorts by that column. */
  sortBy: (column: string, order: 'asc' | 'desc') => void;
};

/**
 * The page and the order staff chose, starting from the list's defaults (`first`, the contract's
 * query schema parsed empty). Only the `sortable` columns the server sorts by are taken; another
 * order, or another `of` (a status, a search), goes back to the first page.
 */
export function usePaging<Column extends string>(
  first: StaffPage<Column>,
  sortable: readonly Column[],
  of = '',
): Paging<Column> {
  const [sort, setSort] = useState({ sort: first.sort, order: first.order });
  const [at, setAt] = useState({ of, page: 1 });
  const page = at.of === of ? at.page : 1;
  return {
    request: { page, limit: first.limit, ...sort },
    table: { page, onPageChange: (next) => setAt({ of, page: next }), recordsPerPage: first.limit },
    sortBy: (name, order) => {
      const column = sortable.find((one) => one === name);
      if (!column) return;
      setSort({ sort: column, order });
      setAt({ of, page: 1 });
    },
  };
}
