import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useStaffMoney } from '../money';
import { StatCard } from './stat-card';

/** A row of a queue of money: withdrawals waiting, game transfers held. */
type QueueRow = { currency: string; amount: number; createdAt: string };

export type CurrencyTotal = { currency: string; count: number; total: number };

/** A queue at a glance: how many, how much per currency, since when. */
export type QueueFigures = { count: number; totals: CurrencyTotal[]; oldest: string | null };

/**
 * The queue at a glance: how many and how much per currency (baht and kip are never added
 * together), in minor units while adding so 0.1 + 0.2 stays 0.30, and the oldest request.
 */
export function summarise(rows: readonly QueueRow[]): QueueFigures {
  const minor = new Map<string, { count: number; total: number }>();
  let oldest: string | null = null;
  for (const row of rows) {
    const sum = minor.get(row.currency) ?? { count: 0, total: 0 };
    sum.count += 1;
    sum.total += Math.round(row.amount * 100);
    minor.set(row.currency, sum);
    if (oldest === null || Date.parse(row.createdAt) < Date.parse(oldest)) oldest = row.createdAt;
  }
  const totals = [...minor]
    .map(([currency, { count, total }]) => ({ currency, count, total: total / 100 }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return { count: rows.length, totals, oldest };
}

/** How long since `since`, in whole hours and minutes. */
export function waitParts(since: string, now = Date.now()): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

type QueueSummaryProps = {
  /** The whole queue's, not a page's: the server's for a list it pages, else summarise(rows). */
  figures: QueueFigures;
  /** What the rows are ("Withdrawals"), over their count. */
  countLabel: string;
  /** The count's test id, for the browser journeys. */
  testId: string;
  /** Whether the rows wait (so the oldest wait says something). */
  waiting: boolean;
};

/** Above a queue's table: its count, its total per currency, and its oldest wait. */
export function QueueSummary({ figures, countLabel, testId, waiting }: QueueSummaryProps) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const { count, totals, oldest } = figures;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="md" aria-label={t('backoffice.queue.summary')}>
      <StatCard label={countLabel} value={count} testId={testId} />
      {totals.map((total) => (
        <StatCard
          key={total.currency}
          label={t('backoffice.queue.total', { n: total.count })}
          value={money(total.total, total.currency)}
        />
      ))}
      {waiting && oldest && (
        <StatCard
          label={t('backoffice.queue.oldest')}
          value={t('backoffice.queue.wait', waitParts(oldest))}
          note={formatDateTime(oldest)}
        />
      )}
    </SimpleGrid>
  );
}
