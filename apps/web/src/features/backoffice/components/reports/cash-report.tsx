import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type DepositChannel,
  depositChannels,
  type ReportResponse,
} from '@wallet/contract/reports';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../stat-card';
import { ChartSlot } from './chart-slot';
import type { ChartSeries } from './report-chart';
import type { ReportColumn } from './report-columns';
import { ReportTable } from './report-table';
import { type ReportRow, type ReportView, useReportView } from './report-view';

/** One colour per channel, in the contract's order, the same in every report. */
const palette = [
  'blue.6',
  'cyan.5',
  'green.6',
  'lime.5',
  'teal.5',
  'indigo.4',
  'orange.6',
  'grape.5',
  'yellow.5',
];

/** A channel's name: each QR provider by its own name (`qr.KBANK` is "QR (KBANK)"). */
export function useChannelName(): (channel: DepositChannel) => string {
  const { t } = useTranslation();
  return (channel) =>
    channel.startsWith('qr.')
      ? t('backoffice.reports.channels.qr', { provider: channel.slice('qr.'.length) })
      : t(`backoffice.reports.channels.${channel}`);
}

/** A channel's key in the chart's data: recharts reads a dot in a key as a path. */
const seriesKey = (channel: DepositChannel) => channel.replace('.', '-');

/** The channels money came in through over the range: the chart's series, the table's columns. */
function channelsUsed(report: ReportResponse): DepositChannel[] {
  const { channels } = report.totals.deposits;
  // Staff's adjustments count credits less debits: a sum of none may still have moved.
  return depositChannels.filter(
    (channel) => channels[channel].count > 0 || channels[channel].amount !== 0,
  );
}

function useCashColumns(
  view: ReportView,
  used: readonly DepositChannel[],
): ReportColumn<ReportRow>[] {
  const { t } = useTranslation();
  const channelName = useChannelName();
  const deposits = t('backoffice.reports.cash.deposits');
  return [
    view.periodColumn,
    ...used.map(
      (channel): ReportColumn<ReportRow> => ({
        key: `channel-${channel}`,
        group: deposits,
        title: channelName(channel),
        money: true,
        value: (row) => row.deposits.channels[channel].amount,
      }),
    ),
    {
      key: 'deposits',
      group: deposits,
      title: t('backoffice.reports.cash.allChannels'),
      money: true,
      value: (row) => row.deposits.total.amount,
    },
    {
      key: 'withdrawals',
      title: t('backoffice.reports.cash.withdrawals'),
      money: true,
      value: (row) => row.withdrawals.amount,
    },
    {
      key: 'net',
      title: t('backoffice.reports.cash.net'),
      money: true,
      value: (row) => row.netCashFlow,
    },
  ];
}

/**
 * Cash: deposits by channel (a stacked bar per period), withdrawals paid out and the net cash
 * flow, over the range and per period. Only the channels money came in through have a colour
 * and a column; the others are named under the chart, so none is silently left out.
 */
export function CashReport({ report, fetching }: { report: ReportResponse; fetching: boolean }) {
  const { t } = useTranslation();
  const view = useReportView(report);
  const channelName = useChannelName();
  const used = channelsUsed(report);
  const unused = depositChannels.filter((channel) => !used.includes(channel));
  const columns = useCashColumns(view, used);
  const { totals } = report;
  const series: ChartSeries[] = used.map((channel) => ({
    name: seriesKey(channel),
    label: channelName(channel),
    color: palette[depositChannels.indexOf(channel) % palette.length] ?? 'gray.5',
  }));
  const data = report.rows.map((row) => ({
    period: view.pointOf(row.start),
    ...Object.fromEntries(
      used.map((channel) => [seriesKey(channel), row.deposits.channels[channel].amount]),
    ),
  }));

  return (
    <Stack gap="md">
      <SimpleGrid cols={3}>
        <StatCard
          label={t('backoffice.reports.cash.deposits')}
          value={view.amount(totals.deposits.total.amount)}
          note={t('backoffice.reports.cash.depositsCount', { count: totals.deposits.total.count })}
          testId="report-deposits"
        />
        <StatCard
          label={t('backoffice.reports.cash.withdrawals')}
          value={view.amount(totals.withdrawals.amount)}
          note={t('backoffice.reports.cash.withdrawalsCount', { count: totals.withdrawals.count })}
          testId="report-withdrawals"
        />
        <StatCard
          label={t('backoffice.reports.cash.net')}
          value={view.amount(totals.netCashFlow)}
          note={t('backoffice.reports.cash.netNote')}
          testId="report-net"
        />
      </SimpleGrid>
      <ChartSlot
        title={t('backoffice.reports.cash.chart', { per: view.per, currency: view.currency })}
        kind="stacked"
        data={data}
        series={series}
        format={view.amount}
      />
      {unused.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('backoffice.reports.cash.unused', {
            channels: unused.map(channelName).join(', '),
          })}
        </Text>
      )}
      <ReportTable<ReportRow>
        title={t('backoffice.reports.cash.table', { per: view.per, currency: view.currency })}
        columns={columns}
        {...view.periodRows('cash')}
        fetching={fetching}
      />
    </Stack>
  );
}
