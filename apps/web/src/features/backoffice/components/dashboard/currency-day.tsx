import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Dashboard } from '@wallet/contract/desk';
import { useTranslation } from 'react-i18next';
import { sumMoney, type useStaffMoney } from '../../money';
import { DeskTable } from '../desk-table';
import { StatCard } from '../stat-card';

type CurrencyDayProps = {
  day: Dashboard['currencies'][number];
  money: ReturnType<typeof useStaffMoney>;
};

/**
 * One currency's day: deposits credited (all channels, then by channel), withdrawals asked and
 * those of them paid out. Its totals add this currency's figures only.
 */
export function CurrencyDay({ day, money }: CurrencyDayProps) {
  const { t } = useTranslation();
  const { currency, deposits, withdrawals, paid } = day;
  const name = t(`backoffice.currencies.${currency}`, { defaultValue: currency });
  const deposited = sumMoney(deposits.map((row) => row.amount));
  const count = deposits.reduce((sum, row) => sum + row.count, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {name}
        </Title>
        <SimpleGrid cols={3}>
          <StatCard
            label={t('backoffice.dashboard.deposits')}
            value={money(deposited, currency)}
            note={t('backoffice.dashboard.depositsCount', { count })}
            testId={`deposits-${currency}`}
          />
          <StatCard
            label={t('backoffice.dashboard.withdrawals')}
            value={money(withdrawals.amount, currency)}
            note={t('backoffice.dashboard.withdrawalsCount', { count: withdrawals.count })}
            testId={`withdrawals-${currency}`}
          />
          <StatCard
            label={t('backoffice.dashboard.paid')}
            value={money(paid.amount, currency)}
            note={t('backoffice.dashboard.paidCount', { count: paid.count })}
            testId={`paid-${currency}`}
          />
        </SimpleGrid>
        <DeskTable
          aria-label={t('backoffice.dashboard.byChannel', { currency: name })}
          idAccessor="channel"
          records={deposits}
          minHeight={deposits.length ? undefined : 80}
          noRecordsText={t('backoffice.dashboard.noDeposits')}
          columns={[
            {
              accessor: 'channel',
              title: t('backoffice.dashboard.columns.channel'),
              render: (row) =>
                t(`backoffice.dashboard.channels.${row.channel}`, { defaultValue: row.channel }),
            },
            {
              accessor: 'count',
              title: t('backoffice.dashboard.columns.count'),
              textAlign: 'right',
            },
            {
              accessor: 'amount',
              title: t('backoffice.dashboard.columns.amount'),
              textAlign: 'right',
              render: (row) => money(row.amount, currency),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
