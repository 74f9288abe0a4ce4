import { SimpleGrid, Stack } from '@mantine/core';
import type { ReportFigures, ReportResponse } from '@wallet/contract/reports';
import { useTranslation } from 'react-i18next';
import { sumMoney } from '../../money';
import { StatCard } from '../stat-card';
import { ChartSlot } from './chart-slot';
import type { ReportColumn } from './report-columns';
import { ReportTable } from './report-table';
import { type ReportRow, useReportView } from './report-view';

/** A provider's row over the range, or the providers' total (no `provider`). */
type ProviderRow = { provider?: string; turnover: number; ggr: number };

/** The members' bets at every provider: the server counts them per provider only. */
const turnoverOf = (figures: ReportFigures) => sumMoney(figures.games.map((game) => game.turnover));

/**
 * Games: the members' bets (turnover) and their net loss (GGR) at each provider over the range,
 * and per period the overall GGR and NGR (GGR less every reward), drawn as two lines.
 */
export function GamesReport({ report, fetching }: { report: ReportResponse; fetching: boolean }) {
  const { t } = useTranslation();
  const view = useReportView(report);
  const { totals } = report;
  const words = { per: view.per, currency: view.currency };
  const turnover = t('backoffice.reports.games.turnover');
  const ggr = t('backoffice.reports.games.ggr');
  const ngr = t('backoffice.reports.games.ngr');
  const total = t('backoffice.reports.total');

  const periodColumns: ReportColumn<ReportRow>[] = [
    view.periodColumn,
    { key: 'turnover', title: turnover, money: true, value: turnoverOf },
    { key: 'ggr', title: ggr, money: true, value: (row) => row.ggr },
    { key: 'ngr', title: ngr, money: true, value: (row) => row.ngr },
  ];
  const providerColumns: ReportColumn<ProviderRow>[] = [
    {
      key: 'provider',
      title: t('backoffice.reports.games.provider'),
      value: (row) => row.provider ?? total,
    },
    { key: 'turnover', title: turnover, money: true, value: (row) => row.turnover },
    { key: 'ggr', title: ggr, money: true, value: (row) => row.ggr },
  ];
  const providersTotal: ProviderRow = {
    turnover: turnoverOf(totals),
    ggr: sumMoney(totals.games.map((game) => game.ggr)),
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={3}>
        <StatCard
          label={turnover}
          value={view.amount(turnoverOf(totals))}
          testId="report-turnover"
        />
        <StatCard label={ggr} value={view.amount(totals.ggr)} testId="report-ggr" />
        <StatCard
          label={ngr}
          value={view.amount(totals.ngr)}
          note={t('backoffice.reports.games.ngrNote')}
          testId="report-ngr"
        />
      </SimpleGrid>
      <ChartSlot
        title={t('backoffice.reports.games.chart', words)}
        kind="lines"
        data={report.rows.map((row) => ({
          period: view.pointOf(row.start),
          ggr: row.ggr,
          ngr: row.ngr,
        }))}
        series={[
          { name: 'ggr', label: ggr, color: 'teal.5' },
          { name: 'ngr', label: ngr, color: 'orange.5' },
        ]}
        format={view.amount}
      />
      <ReportTable<ReportRow>
        title={t('backoffice.reports.games.table', words)}
        columns={periodColumns}
        {...view.periodRows('games')}
        fetching={fetching}
      />
      <ReportTable<ProviderRow>
        title={t('backoffice.reports.games.providers', words)}
        columns={providerColumns}
        records={totals.games}
        total={providersTotal}
        currency={view.currency}
        idOf={(row) => row.provider ?? 'total'}
        fileName={view.fileName('games-providers')}
        fetching={fetching}
        noRecordsText={t('backoffice.reports.games.noBets')}
      />
    </Stack>
  );
}
