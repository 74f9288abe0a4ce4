import { Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { HeldTransfer } from '@wallet/contract/desk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert, showToast } from '../../../../lib/alerts';
import { formatDateTime } from '../../../../lib/format';
import { useHeldTransfers } from '../../api/get-held-transfers';
import { useRetryTransfer } from '../../api/retry-transfer';
import { showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { useStaffMay } from '../../use-staff-may';
import { DeskTable, useDeskList } from '../desk-table';
import { MemberLink } from '../members/member-link';
import { QueueSummary, summarise } from '../queue-summary';
import { RowAction } from '../row-action';
import { SectionHeader } from '../section-header';

/**
 * Game transfers held on a provider's unknown answer: the money is held, never returned on a
 * guess. Staff who may (`transfers.retry`) ask the provider again; its answer settles the
 * transfer as the reconciler would (forward, or back to the wallet), and no answer leaves it
 * held, which the screen says.
 */
export function HeldTransfersPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const may = useStaffMay();
  const query = useHeldTransfers();
  const list = useDeskList(query, { columnAccessor: 'createdAt', direction: 'asc' });
  const retry = useRetryTransfer();
  const [asking, setAsking] = useState<number | null>(null);

  const askAgain = async (row: HeldTransfer) => {
    setAsking(row.id);
    try {
      const { status } = await retry.mutateAsync(row.id);
      if (status === 'processing')
        showToast('info', t('backoffice.heldTransfers.stillHeld', { id: row.id }));
      else showSuccessAlert(t(`backoffice.heldTransfers.settled.${status}`, { id: row.id }));
    } catch (error) {
      showDeskError(error);
    } finally {
      setAsking(null);
    }
  };

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.heldTransfers')}
        text={t('backoffice.heldTransfers.intro')}
      />
      <QueueSummary
        figures={summarise(query.data ?? [])}
        countLabel={t('backoffice.heldTransfers.count')}
        testId="held-transfers-count"
        waiting
      />
      <DeskTable<HeldTransfer>
        aria-label={t('backoffice.sections.heldTransfers')}
        {...list}
        columns={[
          { accessor: 'id', title: '#', sortable: true },
          {
            accessor: 'createdAt',
            title: t('backoffice.heldTransfers.columns.createdAt'),
            sortable: true,
            noWrap: true,
            render: (row) => formatDateTime(row.createdAt),
          },
          {
            accessor: 'memberId',
            title: t('backoffice.heldTransfers.columns.member'),
            sortable: true,
            render: (row) => <MemberLink id={row.memberId} />,
          },
          { accessor: 'providerCode', title: t('backoffice.heldTransfers.columns.provider') },
          { accessor: 'from', title: t('backoffice.heldTransfers.columns.from') },
          { accessor: 'to', title: t('backoffice.heldTransfers.columns.to') },
          {
            accessor: 'amount',
            title: t('backoffice.heldTransfers.columns.amount'),
            textAlign: 'right',
            sortable: true,
            noWrap: true,
            render: (row) => money(row.amount, row.currency),
          },
          {
            accessor: 'actions',
            title: t('backoffice.table.actions'),
            textAlign: 'right',
            hidden: !may('transfers.retry'),
            render: (row) => (
              <RowAction
                icon={IconRefresh}
                loading={asking === row.id}
                disabled={asking !== null && asking !== row.id}
                onClick={() => void askAgain(row)}
                label={t('backoffice.heldTransfers.askAgainOne', { id: row.id })}
              >
                {t('backoffice.heldTransfers.askAgain')}
              </RowAction>
            ),
          },
        ]}
      />
    </Stack>
  );
}
