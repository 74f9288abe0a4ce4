import { SimpleGrid, Stack } from '@mantine/core';
import { type ReportResponse, rewardKinds } from '@wallet/contract/reports';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../stat-card';
import { ChartSlot } from './chart-slot';
import type { ReportColumn } from './report-columns';
import { ReportTable } from './report-table';
import { type ReportRow, useReportView } from './report-view';

const colors = { bonus: 'grape.5', refund: 'teal.5', invite: 'blue.5', coupon: 'orange.5' };

/**
 * Rewards: what the operator gave away, by kind (bonuses less what was forfeited, refunds, invite
 * rewards, the wheel's coupons), stacked per period, and their total.
 */
export function RewardsReport({ report, fetching }: { report: ReportResponse; fetching: boolean }) {
  const { t } = useTranslation();
  const view = useReportView(report);
  const kindName = (kind: (typeof rewardKinds)[number]) =>
    t(`backoffice.reports.rewards.kinds.${kind}`);
  const { totals } = report;
  const columns: ReportColumn<ReportRow>[] = [
    view.periodColumn,
    ...rewardKinds.map(
      (kind): ReportColumn<ReportRow> => ({
        key: kind,
        title: kindName(kind),
        money: true,
        value: (row) => row.rewards.kinds[kind],
      }),
    ),
    {
      key: 'total',
      title: t('backoffice.reports.rewards.total'),
      money: true,
      value: (row) => row.rewards.total,
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={5}>
        {rewardKinds.map((kind) => (
          <StatCard
            key={kind}
            label={kindName(kind)}
            value={view.amount(totals.rewards.kinds[kind])}
            testId={`report-reward-${kind}`}
          />
        ))}
        <StatCard
          label={t('backoffice.reports.rewards.total')}
          value={view.amount(totals.rewards.total)}
          testId="report-rewards"
        />
      </SimpleGrid>
      <ChartSlot
        title={t('backoffice.reports.rewards.chart', { per: view.per, currency: view.currency })}
        kind="stacked"
        data={report.rows.map((row) => ({ period: view.pointOf(row.start), ...row.rewards.kinds }))}
        series={rewardKinds.map((kind) => ({
          name: kind,
          label: kindName(kind),
          color: colors[kind],
        }))}
        format={view.amount}
      />
      <ReportTable<ReportRow>
        title={t('backoffice.reports.rewards.table', { per: view.per, currency: view.currency })}
        columns={columns}
        {...view.periodRows('rewards')}
        fetching={fetching}
      />
    </Stack>
  );
}
