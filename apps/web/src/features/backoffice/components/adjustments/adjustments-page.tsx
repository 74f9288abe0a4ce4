import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type Adjustment, type AdjustmentStatus, adjustmentStatuses } from '@wallet/contract/desk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showSuccessAlert } from '../../../../lib/alerts';
import { formatDateTime } from '../../../../lib/format';
import { useDecideAdjustment } from '../../api/decide-adjustment';
import { useAdjustments } from '../../api/get-adjustments';
import { useStaffProfile } from '../../api/get-staff-profile';
import { showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { useStaffMay } from '../../use-staff-may';
import { DeskTable, useSorted } from '../desk-table';
import { ReasonModal } from '../reason-modal';
import { SectionHeader } from '../section-header';

const statusColor = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

/**
 * Balance adjustments (maker-checker): the ones waiting, approved or rejected. Another finance
 * or admin than the one who asked approves (the ledger moves) or rejects with a reason; the one
 * who asked is refused by the server (MAKER_CHECKER), which the toast says. Approvals go
 * through the fresh-code flow. The status shown is in the address (`?status=`).
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const may = useStaffMay();
  const { data: me } = useStaffProfile();
  const [params, setParams] = useSearchParams();
  const status = adjustmentStatuses.find((s) => s === params.get('status')) ?? 'pending';
  const { data, isFetching, isError } = useAdjustments(status);
  const table = useSorted(data, { columnAccessor: 'id', direction: 'desc' });
  const decide = useDecideAdjustment();
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const deciding = status === 'pending' && may('adjustments.decide');

  const approve = async (row: Adjustment) => {
    try {
      await decide.mutateAsync({ id: row.id, approve: true });
      showSuccessAlert(t('backoffice.adjustments.approved', { id: row.id }));
    } catch (error) {
      showDeskError(error);
    }
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    try {
      await decide.mutateAsync({ id: rejecting.id, approve: false, reason });
      showSuccessAlert(t('backoffice.adjustments.rejected', { id: rejecting.id }));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.adjustments')}
        text={t('backoffice.adjustments.intro')}
      >
        <SegmentedControl
          aria-label={t('backoffice.adjustments.status')}
          value={status}
          onChange={(next) => setParams({ status: next })}
          data={adjustmentStatuses.map((s: AdjustmentStatus) => ({
            value: s,
            label: t(`backoffice.adjustments.statuses.${s}`),
          }))}
        />
      </SectionHeader>
      <DeskTable<Adjustment>
        aria-label={t('backoffice.sections.adjustments')}
        records={table.records}
        sortStatus={table.sortStatus}
        onSortStatusChange={table.onSortStatusChange}
        fetching={isFetching && !data}
        noRecordsText={t(isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
        columns={[
          { accessor: 'id', title: '#', sortable: true },
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
              <Stack gap={0}>
                <Text size="sm">{t(`backoffice.adjustments.kinds.${row.kind}`)}</Text>
                {row.bankReference && (
                  <Text size="xs" c="dimmed">
                    {row.bankReference}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'memberId',
            title: t('backoffice.adjustments.columns.member'),
            sortable: true,
            render: (row) => `#${row.memberId}`,
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
            sortable: true,
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
          {
            accessor: 'decidedBy',
            title: t('backoffice.adjustments.columns.decidedBy'),
            hidden: status === 'pending',
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm">{row.decidedBy ?? '—'}</Text>
                {row.decisionReason && (
                  <Text size="xs" c="dimmed">
                    {row.decisionReason}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'actions',
            title: t('backoffice.table.actions'),
            textAlign: 'right',
            hidden: !deciding,
            render: (row) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  color="teal"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => void approve(row)}
                  aria-label={t('backoffice.adjustments.approveOne', { id: row.id })}
                  title={
                    row.requestedBy === me?.username
                      ? t('backoffice.adjustments.ownRequest')
                      : undefined
                  }
                >
                  {t('backoffice.adjustments.approve')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => setRejecting(row)}
                  aria-label={t('backoffice.adjustments.rejectOne', { id: row.id })}
                >
                  {t('backoffice.adjustments.reject')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <ReasonModal
        request={
          rejecting && {
            title: t('backoffice.adjustments.rejectTitle', { id: rejecting.id }),
            text: t('backoffice.adjustments.rejectText'),
            confirmLabel: t('backoffice.adjustments.reject'),
          }
        }
        onClose={() => setRejecting(null)}
        onConfirm={reject}
      />
    </Stack>
  );
}
