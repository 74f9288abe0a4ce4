import type { ReportFigures, ReportResponse } from '@wallet/contract/reports';
import { useTranslation } from 'react-i18next';
import { useStaffMoney } from '../../money';
import type { ReportColumn } from './report-columns';
import { periodLabel } from './report-range';

/** A period's row of the report, or the totals row (no `start`: the whole range). */
export type ReportRow = ReportFigures & { start?: string };

type PeriodRows = {
  records: ReportRow[];
  total: ReportRow;
  currency: string;
  idOf: (row: ReportRow) => string;
  fileName: string;
};

/** A saved table's name: what it is, the currency, the period and the range. */
const fileName = (report: ReportResponse, what: string) =>
  `report-${what}-${report.currency}-${report.period}-${report.from}-to-${report.to}`;

/**
 * What every figures tab of a report shares: the period column (its first day in the CSV, the
 * table's name of it on screen, "Total" on the totals row), the words for "per day", amounts in
 * the report's currency, and the name of a saved file.
 */
export function useReportView(report: ReportResponse) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const { period, currency } = report;
  const total = t('backoffice.reports.total');
  const periodColumn: ReportColumn<ReportRow> = {
    key: 'start',
    title: t(`backoffice.reports.periodColumn.${period}`),
    value: (row) => row.start ?? total,
    render: (row) => (row.start === undefined ? total : periodLabel(period, row.start)),
  };
  return {
    periodColumn,
    /** "per day", "per week", "per month", for captions. */
    per: t(`backoffice.reports.per.${period}`),
    currency,
    /** A period's name on a chart's axis. */
    pointOf: (start: string) => periodLabel(period, start),
    amount: (value: number) => money(value, currency),
    fileName: (what: string) => fileName(report, what),
    /** What a table of the periods (ReportTable) takes from the report: its rows and totals. */
    periodRows: (what: string): PeriodRows => ({
      records: report.rows,
      total: report.totals,
      currency,
      idOf: (row) => row.start ?? 'total',
      fileName: fileName(report, what),
    }),
  };
}

export type ReportView = ReturnType<typeof useReportView>;
