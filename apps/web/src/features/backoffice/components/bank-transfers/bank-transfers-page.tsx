import { Group, Stack } from '@mantine/core';
import { IconArrowBackUp, IconUserPlus } from '@tabler/icons-react';
import type { KeptTransfer } from '@wallet/contract/desk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert } from '../../../../lib/alerts';
import { formatAccountNo, formatDateTime } from '../../../../lib/format';
import { useBankTransfers } from '../../api/get-bank-transfers';
import { useMarkTransferRefunded } from '../../api/mark-transfer-refunded';
import { showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { useStaffMay } from '../../use-staff-may';
import { useAdjustmentDecision } from '../adjustments/adjustment-decision';
import { WaitingState } from '../decision';
import { DeskTable, useDeskList } from '../desk-table';
import { ReasonModal } from '../reason-modal';
import { RowAction } from '../row-action';
import { SectionHeader } from '../section-header';
import { AssignTransferModal } from './assign-transfer-modal';

/**
 * Bank transfers that matched no member (the sender's account is nobody's, or in another
 * currency), kept for the operator. The maker assigns one to the member it belongs to; a second
 * staff member approves or rejects that assignment, here or in Adjustments, and an approval
 * credits it once under the bank's reference. One sent back outside the system is marked so.
 */
export function BankTransfersPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const may = useStaffMay();
  const list = useDeskList(useBankTransfers(), {
    columnAccessor: 'receivedAt',
    direction: 'asc',
  });
  const decision = useAdjustmentDecision();
  const refunded = useMarkTransferRefunded();
  const [assigning, setAssigning] = useState<KeptTransfer | null>(null);
  const [sendingBack, setSendingBack] = useState<KeptTransfer | null>(null);

  const markRefunded = async (reason: string) => {
    if (!sendingBack) return;
    try {
      await refunded.mutateAsync({ reference: sendingBack.reference, reason });
      showSuccessAlert(
        t('backoffice.bankTransfers.refunded', { reference: sendingBack.reference }),
      );
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const actions = (row: KeptTransfer) => {
    // The server says which assignment waits (one at most per transfer) and who asked for it.
    if (row.pending) return decision.waitingButtons(row.pending);
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <RowAction
          icon={IconUserPlus}
          variant="filled"
          onClick={() => setAssigning(row)}
          label={t('backoffice.bankTransfers.assignOne', { reference: row.reference })}
        >
          {t('backoffice.bankTransfers.assign')}
        </RowAction>
        {may('adjustments.decide') && (
          <RowAction
            icon={IconArrowBackUp}
            color="gray"
            onClick={() => setSendingBack(row)}
            label={t('backoffice.bankTransfers.sentBackOne', { reference: row.reference })}
          >
            {t('backoffice.bankTransfers.sentBack')}
          </RowAction>
        )}
      </Group>
    );
  };

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.bankTransfers')}
        text={t('backoffice.bankTransfers.intro')}
      />
      <DeskTable<KeptTransfer>
        aria-label={t('backoffice.sections.bankTransfers')}
        idAccessor="reference"
        {...list}
        columns={[
          {
            accessor: 'receivedAt',
            title: t('backoffice.bankTransfers.columns.receivedAt'),
            sortable: true,
            noWrap: true,
            render: (row) => formatDateTime(row.receivedAt),
          },
          { accessor: 'reference', title: t('backoffice.bankTransfers.columns.reference') },
          {
            accessor: 'accountNo',
            title: t('backoffice.bankTransfers.columns.from'),
            noWrap: true,
            render: (row) => `${row.bankCode} ${formatAccountNo(row.accountNo)}`,
          },
          {
            accessor: 'toAccountNo',
            title: t('backoffice.bankTransfers.columns.to'),
            noWrap: true,
            render: (row) => formatAccountNo(row.toAccountNo) || '—',
          },
          {
            accessor: 'amount',
            title: t('backoffice.bankTransfers.columns.amount'),
            textAlign: 'right',
            sortable: true,
            noWrap: true,
            render: (row) => money(row.amount, row.currency),
          },
          {
            accessor: 'assignment',
            title: t('backoffice.bankTransfers.columns.assignment'),
            render: (row) => (
              <WaitingState
                none={t('backoffice.bankTransfers.unassigned')}
                asked={
                  row.pending &&
                  t('backoffice.bankTransfers.assignedBy', {
                    member: row.pending.memberId,
                    by: row.pending.requestedBy,
                    id: row.pending.adjustmentId,
                  })
                }
              />
            ),
          },
          {
            accessor: 'actions',
            title: t('backoffice.table.actions'),
            textAlign: 'right',
            render: actions,
          },
        ]}
      />
      <AssignTransferModal transfer={assigning} onClose={() => setAssigning(null)} />
      <ReasonModal
        request={
          sendingBack && {
            title: t('backoffice.bankTransfers.sentBackTitle', {
              reference: sendingBack.reference,
            }),
            text: t('backoffice.bankTransfers.sentBackText'),
            confirmLabel: t('backoffice.bankTransfers.sentBack'),
          }
        }
        onClose={() => setSendingBack(null)}
        onConfirm={markRefunded}
      />
      {decision.rejectModal}
    </Stack>
  );
}
