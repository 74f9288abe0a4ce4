import { Badge, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { WithdrawalListResponse, WithdrawalReview } from '@wallet/contract/desk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showSuccessAlert, showToast } from '../../../../lib/alerts';
import { formatAccountNo, formatDateTime } from '../../../../lib/format';
import {
  decideWithdrawal,
  refreshWithdrawals,
  useDecideWithdrawal,
} from '../../api/decide-withdrawal';
import {
  firstWithdrawalPage,
  useWithdrawals,
  type WithdrawalReviewStatus,
  withdrawalSorts,
} from '../../api/get-withdrawals';
import { FreshCodeCancelled, showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { usePaging } from '../../paging';
import { useStaffMay } from '../../use-staff-may';
import { CellLines } from '../cell-lines';
import { useDecisionColumns } from '../decision';
import { DeskTable, useDeskPage } from '../desk-table';
import { MemberLink } from '../members/member-link';
import { type QueueFigures, QueueSummary } from '../queue-summary';
import { ReasonModal } from '../reason-modal';
import { SectionHeader } from '../section-header';
import { WithdrawalContext } from './withdrawal-context';

const statuses: WithdrawalReviewStatus[] = ['waiting', 'approved', 'rejected'];

/** The whole state's figures the server counts beside the page (its `total` and `summary`). */
function queueFigures(list: WithdrawalListResponse | undefined): QueueFigures {
  if (!list) return { count: 0, totals: [], oldest: null };
  const totals = list.summary.totals.map(({ currency, count, amount }) => ({
    currency,
    count,
    total: amount,
  }));
  return { count: list.total, totals, oldest: list.summary.oldestAt };
}
const statusColor = { waiting: 'yellow', approved: 'teal', rejected: 'red' } as const;

/**
 * Withdrawals above the threshold, held for staff: the queue's counts, totals and oldest wait,
 * then the rows. Finance and admin approve one (sent to the payout provider) or every selected
 * one in turn, or reject one with a reason the member reads; each approval goes through the
 * fresh-code flow. The status shown is in the address (`?status=`); the server pages and sorts
 * the queue, and counts its header over every page.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const may = useStaffMay();
  const [params, setParams] = useSearchParams();
  const status = statuses.find((s) => s === params.get('status')) ?? 'waiting';
  const paging = usePaging(firstWithdrawalPage, withdrawalSorts, status);
  const query = useWithdrawals(status, paging.request);
  const list = useDeskPage(
    query,
    (data) => ({ records: data.withdrawals, total: data.total }),
    paging,
  );
  const decide = useDecideWithdrawal();
  const [selected, setSelected] = useState<WithdrawalReview[]>([]);
  const [rejecting, setRejecting] = useState<WithdrawalReview | null>(null);
  const [bulk, setBulk] = useState(false);
  const deciding = status === 'waiting' && may('withdrawals.decide');

  const approve = async (row: WithdrawalReview) => {
    try {
      await decide.mutateAsync({ id: row.id, approve: true });
      showSuccessAlert(t('backoffice.withdrawals.approved', { id: row.id }));
      setSelected((rows) => rows.filter((r) => r.id !== row.id));
    } catch (error) {
      showDeskError(error);
    }
  };

  /** One after another, so the first asks for a fresh code and the rest go on with it. */
  const approveSelected = async () => {
    setBulk(true);
    let approved = 0;
    let failure: unknown = null;
    for (const row of selected) {
      try {
        await decideWithdrawal({ id: row.id, approve: true });
        approved += 1;
      } catch (error) {
        failure ??= error;
        if (error instanceof FreshCodeCancelled) break;
      }
    }
    const total = selected.length;
    setSelected([]);
    setBulk(false);
    await refreshWithdrawals();
    const summary = t('backoffice.withdrawals.bulkDone', { approved, total });
    if (approved === total) showSuccessAlert(summary);
    else showToast('error', summary);
    if (failure && !(failure instanceof FreshCodeCancelled) && approved === 0)
      showDeskError(failure);
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    try {
      await decide.mutateAsync({ id: rejecting.id, approve: false, reason });
      showSuccessAlert(t('backoffice.withdrawals.rejected', { id: rejecting.id }));
      setSelected((rows) => rows.filter((r) => r.id !== rejecting.id));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const decisionColumns = useDecisionColumns<WithdrawalReview>({
    decided: status !== 'waiting',
    decision: (row) => ({ by: row.decidedBy, reason: row.reason }),
    deciding,
    buttons: (row) => ({
      approveLabel: t('backoffice.withdrawals.approveOne', { id: row.id }),
      rejectLabel: t('backoffice.withdrawals.rejectOne', { id: row.id }),
      onApprove: () => void approve(row),
      onReject: () => setRejecting(row),
      disabled: bulk,
    }),
  });

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.withdrawals')}
        text={t('backoffice.withdrawals.intro')}
      >
        <SegmentedControl
          aria-label={t('backoffice.withdrawals.status')}
          value={status}
          onChange={(next) => {
            setSelected([]);
            setParams({ status: next });
          }}
          data={statuses.map((s) => ({
            value: s,
            label: t(`backoffice.withdrawals.statuses.${s}`),
          }))}
        />
      </SectionHeader>
      <QueueSummary
        figures={queueFigures(query.data)}
        countLabel={t('backoffice.withdrawals.count')}
        testId="withdrawals-count"
        waiting={status === 'waiting'}
      />
      {deciding && (
        <Group mb="sm">
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={selected.length === 0}
            loading={bulk}
            onClick={() => void approveSelected()}
          >
            {t('backoffice.withdrawals.approveSelected', { n: selected.length })}
          </Button>
        </Group>
      )}
      <DeskTable<WithdrawalReview>
        aria-label={t('backoffice.sections.withdrawals')}
        {...list}
        {...(deciding
          ? {
              selectedRecords: selected,
              onSelectedRecordsChange: setSelected,
              allRecordsSelectionCheckboxProps: {
                'aria-label': t('backoffice.withdrawals.selectAll'),
              },
              getRecordSelectionCheckboxProps: (row: WithdrawalReview) => ({
                'aria-label': t('backoffice.withdrawals.select', { id: row.id }),
              }),
            }
          : {})}
        columns={[
          { accessor: 'id', title: '#' },
          {
            accessor: 'createdAt',
            title: t('backoffice.withdrawals.columns.createdAt'),
            sortable: true,
            noWrap: true,
            render: (row) => formatDateTime(row.createdAt),
          },
          {
            accessor: 'name',
            title: t('backoffice.withdrawals.columns.member'),
            render: (row) => (
              <CellLines
                main={row.name}
                sub={
                  <>
                    {row.username} · <MemberLink id={row.memberId} />
                  </>
                }
              />
            ),
          },
          {
            // What decides, inline: the account's age, today's money, the bonus, the flags.
            accessor: 'memberSince',
            title: t('backoffice.withdrawals.columns.context'),
            render: (row) => <WithdrawalContext row={row} />,
          },
          {
            accessor: 'bankAccountNo',
            title: t('backoffice.withdrawals.columns.bank'),
            noWrap: true,
            render: (row) => `${row.bankCode} ${formatAccountNo(row.bankAccountNo)}`,
          },
          {
            accessor: 'amount',
            title: t('backoffice.withdrawals.columns.amount'),
            textAlign: 'right',
            noWrap: true,
            sortable: true,
            render: (row) => money(row.amount, row.currency),
          },
          {
            accessor: 'status',
            title: t('backoffice.withdrawals.columns.status'),
            render: (row) => (
              <Badge color={statusColor[row.status]} variant="light">
                {t(`backoffice.withdrawals.statuses.${row.status}`)}
              </Badge>
            ),
          },
          ...decisionColumns,
        ]}
      />
      <ReasonModal
        request={
          rejecting && {
            title: t('backoffice.withdrawals.rejectTitle', {
              amount: money(rejecting.amount, rejecting.currency),
              name: rejecting.name,
            }),
            text: t('backoffice.withdrawals.rejectText'),
            confirmLabel: t('backoffice.decision.reject'),
          }
        }
        onClose={() => setRejecting(null)}
        onConfirm={reject}
      />
    </Stack>
  );
}
