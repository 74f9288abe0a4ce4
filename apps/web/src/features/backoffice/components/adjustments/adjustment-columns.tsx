import { Badge, Text } from '@mantine/core';
import type { Adjustment } from '@wallet/contract/desk';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { useStaffMoney } from '../../money';
import { CellLines } from '../cell-lines';
import { MemberLink } from '../members/member-link';

const statusColor = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

/**
 * What an adjustment is, in the adjustments queue and on a member's page (which leaves out the
 * member): when, which kind (a kept bank transfer and a slip carry the bank's reference), how
 * much, why, who asked, and where it stands. The server sorts by when and how much only.
 */
export function useAdjustmentColumns({
  withMember = true,
}: {
  withMember?: boolean;
} = {}): DataTableColumn<Adjustment>[] {
  const { t } = useTranslation();
  const money = useStaffMoney();
  return [
    { accessor: 'id', title: '#' },
    {
      accessor: 'createdAt',
      title: t('backoffice.adjustments.columns.createdAt'),
      sortable: true,
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      // A kept bank transfer or an undecided slip is credited through the same approval.
      accessor: 'kind',
      title: t('backoffice.adjustments.columns.kind'),
      render: (row) => (
        <CellLines main={t(`backoffice.adjustments.kinds.${row.kind}`)} sub={row.bankReference} />
      ),
    },
    {
      accessor: 'memberId',
      title: t('backoffice.adjustments.columns.member'),
      hidden: !withMember,
      render: (row) => <MemberLink id={row.memberId} />,
    },
    {
      accessor: 'amount',
      title: t('backoffice.adjustments.columns.amount'),
      textAlign: 'right',
      sortable: true,
      render: (row) => (
        <Text size="sm" c={row.amount < 0 ? 'red.4' : 'teal.4'} fw={600}>
          {money(row.amount, row.currency, true)}
        </Text>
      ),
    },
    { accessor: 'reason', title: t('backoffice.adjustments.columns.reason') },
    {
      accessor: 'requestedBy',
      title: t('backoffice.adjustments.columns.requestedBy'),
    },
    {
      accessor: 'status',
      title: t('backoffice.adjustments.columns.status'),
      render: (row) => (
        <Badge color={statusColor[row.status]} variant="light">
          {t(`backoffice.adjustments.statuses.${row.status}`)}
        </Badge>
      ),
    },
  ];
}
