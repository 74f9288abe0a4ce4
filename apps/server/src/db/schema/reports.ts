import { date, index, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bigId } from './columns';

/**
 * The daily reconciliation (docs/backoffice.md, "Reports"): each run's checks and the problems it
 * found, kept for staff to read. A run at night closes the day before; staff may run one at any
 * time, so a day can have several.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: bigId(),
    day: date('day', { mode: 'string' }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    checks: jsonb('checks').notNull(),
    problems: jsonb('problems').notNull(),
  },
  (t) => [index('reconciliation_reports_checked_idx').on(t.checkedAt)],
);
