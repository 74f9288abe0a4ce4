import { paging } from '@wallet/contract/constants';

/** The spec's constants and limits: the statement pager shows 3 pages before the current one and 1 after. */
export const PAGES_BEFORE = paging.statementRangeBefore;
export const PAGES_AFTER = paging.statementRangeAfter;

/** The page numbers to show around `current` (1-based), clipped to 1…`totalPages`. */
export function pageRange(
  current: number,
  totalPages: number,
  before = PAGES_BEFORE,
  after = PAGES_AFTER,
): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(current, 1), totalPages);
  const first = Math.max(1, page - before);
  const last = Math.min(totalPages, page + after);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function pageCount(total: number, limit: number): number {
  return Math.max(0, Math.ceil(total / limit));
}
