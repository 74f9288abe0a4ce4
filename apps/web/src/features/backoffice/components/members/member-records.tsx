import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { MemberActivity } from '@wallet/contract/staff-members';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatAccountNo, formatDateTime } from '../../../../lib/format';
import { useMemberActivity } from '../../api/get-member-activity';
import { useStaffMoney } from '../../money';
import { DeskTable } from '../desk-table';
import { slipNoteText } from '../slips/slip-note';
import { MemberLink } from './member-link';

type Records = Omit<MemberActivity, 'currency'>;
type Row<K extends keyof Records> = Records[K][number];

/** One kind of record: its title, and its table (or a line saying there is none yet). */
function RecordTable<T>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: T[];
  columns: DataTableColumn<T>[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice.records.none')}
        </Text>
      ) : (
        <DeskTable<T>
          aria-label={title}
          records={rows}
          idAccessor={(row) => JSON.stringify(row)}
          columns={columns}
        />
      )}
    </Stack>
  );
}

/** The columns every kind of record has: when, and how much in the member's currency. */
function useRecordColumns(currency: string) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  return {
    when: <T extends object>(accessor: keyof T & string): DataTableColumn<T> => ({
      accessor,
      title: t('backoffice.records.columns.at'),
      noWrap: true,
      width: 180,
      render: (row) => formatDateTime(String(row[accessor])),
    }),
    amount: <T extends object>(
      accessor: keyof T & string,
      title = 'amount',
    ): DataTableColumn<T> => ({
      accessor,
      title: t(`backoffice.records.columns.${title}`),
      textAlign: 'right',
      noWrap: true,
      width: 160,
      render: (row) => money(Number(row[accessor]), currency),
    }),
    state: <T extends object>(accessor: keyof T & string): DataTableColumn<T> => ({
      accessor,
      title: t('backoffice.records.columns.state'),
      render: (row) => (
        <Badge variant="light" color="gray" tt="none">
          {String(row[accessor])}
        </Badge>
      ),
    }),
  };
}

/**
 * Where the member's money came from, record by record, as each channel's own system said, and
 * what they took (GET /api/backoffice/members/{id}/activity: the latest 20 of each kind).
 */
export function MemberRecords({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { data, isError } = useMemberActivity(memberId);
  const money = useStaffMoney();
  const c = useRecordColumns(data?.currency ?? '');
  if (!data) {
    return (
      <Text size="sm" c={isError ? 'red.4' : 'dimmed'}>
        {t(isError ? 'backoffice.table.loadFailed' : 'common.loading')}
      </Text>
    );
  }
  const title = (key: keyof Records) => t(`backoffice.records.${key}`);
  const dated = (value: string | null) => (value ? formatDateTime(value) : '—');
  return (
    <Stack gap="lg">
      <RecordTable<Row<'bankTransfers'>>
        title={title('bankTransfers')}
        rows={data.bankTransfers}
        columns={[
          c.when('receivedAt'),
          { accessor: 'reference', title: t('backoffice.bankTransfers.columns.reference') },
          {
            accessor: 'accountNo',
            title: t('backoffice.bankTransfers.columns.from'),
            render: (row) => `${row.bankCode} ${formatAccountNo(row.accountNo)}`,
          },
          c.amount('amount'),
          {
            accessor: 'transactionId',
            title: t('backoffice.records.columns.state'),
            render: (row) =>
              row.transactionId !== null
                ? t('backoffice.records.credited', { id: row.transactionId })
                : row.refundedAt
                  ? t('backoffice.records.sentBack', { note: row.refundNote ?? '' })
                  : t('backoffice.records.notCredited'),
          },
        ]}
      />
      <RecordTable<Row<'slips'>>
        title={title('slips')}
        rows={data.slips}
        columns={[
          c.when('createdAt'),
          c.amount('amount'),
          { accessor: 'status', title: t('backoffice.records.columns.state') },
          { accessor: 'reference', title: t('backoffice.bankTransfers.columns.reference') },
          {
            accessor: 'note',
            title: t('backoffice.slips.columns.note'),
            render: (row) => slipNoteText(row.note ?? ''),
          },
          {
            accessor: 'link',
            title: t('backoffice.slips.columns.picture'),
            render: (row) => (
              <Anchor href={row.link} target="_blank" rel="noopener noreferrer" size="sm">
                {t('backoffice.records.view')}
              </Anchor>
            ),
          },
        ]}
      />
      <RecordTable<Row<'qrCodes'>>
        title={title('qrCodes')}
        rows={data.qrCodes}
        columns={[
          c.when('createdAt'),
          { accessor: 'provider', title: t('backoffice.records.columns.provider') },
          c.amount('amount'),
          c.state('state'),
          {
            accessor: 'callbacks',
            title: t('backoffice.records.columns.callbacks'),
            render: (row) =>
              row.callbacks
                .map((back) =>
                  [back.outcome, back.amount === null ? '' : money(back.amount, data.currency)]
                    .filter(Boolean)
                    .join(' '),
                )
                .join(', ') || '—',
          },
          {
            accessor: 'settledAt',
            title: t('backoffice.records.columns.settledAt'),
            render: (row) => dated(row.settledAt),
          },
        ]}
      />
      <RecordTable<Row<'giftLinks'>>
        title={title('giftLinks')}
        rows={data.giftLinks}
        columns={[
          c.when('createdAt'),
          { accessor: 'code', title: t('backoffice.records.columns.code') },
          c.amount('amount'),
          c.state('state'),
        ]}
      />
      <RecordTable<Row<'bonuses'>>
        title={title('bonuses')}
        rows={data.bonuses}
        columns={[
          c.when('createdAt'),
          { accessor: 'code', title: t('backoffice.records.columns.code') },
          c.state('state'),
          c.amount('deposit', 'deposit'),
          c.amount('bonus', 'bonus'),
          c.amount('turnoverTarget', 'turnoverTarget'),
          {
            accessor: 'endedAt',
            title: t('backoffice.records.columns.endedAt'),
            render: (row) => dated(row.endedAt),
          },
        ]}
      />
      <RecordTable<Row<'refunds'>>
        title={title('refunds')}
        rows={data.refunds}
        columns={[
          c.when('createdAt'),
          c.amount('amount'),
          {
            accessor: 'paidAt',
            title: t('backoffice.records.columns.paidAt'),
            render: (row) => dated(row.paidAt),
          },
        ]}
      />
      <RecordTable<Row<'inviteRewards'>>
        title={title('inviteRewards')}
        rows={data.inviteRewards}
        columns={[c.when('createdAt'), c.amount('amount')]}
      />
      <RecordTable<Row<'invited'>>
        title={title('invited')}
        rows={data.invited}
        columns={[
          c.when('createdAt'),
          {
            accessor: 'id',
            title: t('backoffice.records.columns.member'),
            render: (row) => (
              <MemberLink id={row.id}>
                #{row.id} {row.username}
              </MemberLink>
            ),
          },
        ]}
      />
      <RecordTable<Row<'spins'>>
        title={title('spins')}
        rows={data.spins}
        columns={[
          c.when('createdAt'),
          { accessor: 'slice', title: t('backoffice.records.columns.slice') },
          {
            accessor: 'coupon',
            title: t('backoffice.records.columns.coupon'),
            render: (row) =>
              row.coupon
                ? t('backoffice.records.coupon', {
                    kind: row.coupon.kind,
                    amount: money(row.coupon.amount, data.currency),
                    state: row.coupon.state,
                    until: formatDateTime(row.coupon.expiresAt),
                  })
                : '—',
          },
        ]}
      />
    </Stack>
  );
}
