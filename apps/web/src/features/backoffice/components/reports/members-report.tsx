import { SimpleGrid, Stack } from '@mantine/core';
import type { ReportResponse } from '@wallet/contract/reports';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../stat-card';
import { ChartSlot } from './chart-slot';
import type { ReportColumn } from './report-columns';
import { ReportTable } from './report-table';
import { type ReportRow, useReportView } from './report-view';

/**
 * Members: registrations by the register form's source, first deposits and active members, per
 * period and over the range (where a member active in several periods counts once).
 */
export function MembersReport({ report, fetching }: { report: ReportResponse; fetching: boolean }) {
  const { t } = useTranslation();
  const view = useReportView(report);
  const { totals } = report;
  const registrations = t('backoffice.reports.members.registrations');
  const firstDeposits = t('backoffice.reports.members.firstDeposits');
  const active = t('backoffice.reports.members.active');
  // The sources new members named over the range, in the server's order ('' for none given).
  const sources = Object.keys(totals.registrations.sources);
  const columns: ReportColumn<ReportRow>[] = [
    view.periodColumn,
    ...sources.map(
      (source): ReportColumn<ReportRow> => ({
        key: `source-${source}`,
        group: registrations,
        title: source === '' ? t('backoffice.reports.members.noSource') : source,
        numeric: true,
        value: (row) => row.registrations.sources[source] ?? 0,
      }),
    ),
    {
      key: 'registrations',
      group: registrations,
      title: t('backoffice.reports.members.allSources'),
      numeric: true,
      value: (row) => row.registrations.total,
    },
    {
      key: 'first-deposits',
      title: firstDeposits,
      numeric: true,
      value: (row) => row.firstDeposits,
    },
    { key: 'active', title: active, numeric: true, value: (row) => row.activeMembers },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={3}>
        <StatCard
          label={registrations}
          value={totals.registrations.total}
          testId="report-registrations"
        />
        <StatCard
          label={firstDeposits}
          value={totals.firstDeposits}
          testId="report-first-deposits"
        />
        <StatCard
          label={active}
          value={totals.activeMembers}
          note={t('backoffice.reports.members.activeNote')}
          testId="report-active"
        />
      </SimpleGrid>
      <ChartSlot
        title={t('backoffice.reports.members.chart', { per: view.per })}
        kind="bars"
        data={report.rows.map((row) => ({
          period: view.pointOf(row.start),
          registrations: row.registrations.total,
          firstDeposits: row.firstDeposits,
          active: row.activeMembers,
        }))}
        series={[
          { name: 'registrations', label: registrations, color: 'blue.5' },
          { name: 'firstDeposits', label: firstDeposits, color: 'teal.5' },
          { name: 'active', label: active, color: 'grape.5' },
        ]}
        format={String}
      />
      <ReportTable<ReportRow>
        title={t('backoffice.reports.members.table', { per: view.per })}
        columns={columns}
        {...view.periodRows('members')}
        fetching={fetching}
      />
    </Stack>
  );
}
