import type { ReportPeriod } from '@wallet/contract/reports';

/**
 * The reports' calendar: the operator's days (Asia/Bangkok, which Laos shares), as the server
 * cuts them (docs/backoffice.md, "Reports"). Days are `YYYY-MM-DD` text throughout, as the query
 * and the answer carry them; arithmetic on them is done at UTC midnight, where no clock changes.
 */

const OPERATOR_TIME_ZONE = 'Asia/Bangkok';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: OPERATOR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The operator's day at `now`, whatever the time zone of the desk's computer. */
export function operatorToday(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayFormat.formatToParts(now).find((one) => one.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** `day` moved by a number of days (back when negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

export type ReportRange = { from: string; to: string };

/**
 * The range a period opens on, ending today: the last 30 days by day or week, the last 12
 * months (this one included, from its first day) by month.
 */
export function defaultRange(period: ReportPeriod, today: string): ReportRange {
  if (period !== 'month') return { from: addDays(today, -29), to: today };
  const [year = 0, month = 1] = today.split('-').map(Number);
  return { from: toDay(new Date(Date.UTC(year, month - 12, 1))), to: today };
}

/** A row's period as the table and the chart name it: its first day, or the month's `YYYY-MM`. */
export function periodLabel(period: ReportPeriod, start: string): string {
  return period === 'month' ? start.slice(0, 7) : start;
}
