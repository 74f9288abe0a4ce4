import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconChecks, IconX } from '@tabler/icons-react';
import type { WithdrawalReview } from '@wallet/contract/desk';
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
import { useWithdrawals, type WithdrawalReviewStatus } from '../../api/get-withdrawals';
import { FreshCodeCancelled, showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { useStaffMay } from '../../use-staff-may';
import { DeskTable, useSorted } from '../desk-table';
import { ReasonModal } from '../reason-modal';
import { SectionHeader } from '../section-header';
import { summarise, waitParts } from './withdrawal-summary';

const statuses: WithdrawalReviewStatus[] = ['waiting', 'approved', 'rejected'];
const statusColor = { waiting: 'yellow', approved: 'teal', rejected: 'red' } as const;

function QueueSummary({ rows, status }: { rows: WithdrawalReview[]; status: string }) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const { totals, oldest } = summarise(rows);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="md" aria-label={t('backoffice.withdrawals.summary')}>
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed">
          {t('backoffice.withdrawals.count')}
        </Text>
        <Text fw={700} size="xl" data-testid="withdrawals-count">
          {rows.length}
        </Text>
      </Paper>
      {totals.map((total) => (
        <Paper key={total.currency} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t('backoffice.withdrawals.total', { n: total.count })}
          </Text>
          <Text fw={700} size="xl">
            {money(total.total, total.currency)}
          </Text>
        </Paper>
      ))}
      {status === 'waiting' && oldest && (
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t('backoffice.withdrawals.oldest')}
          </Text>
          <Text fw={700} size="xl">
            {t('backoffice.withdrawals.wait', waitParts(oldest))}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(oldest)}
          </Text>
        </Paper>
      )}
    </SimpleGrid>
  );
}

/**
 * Withdrawals above the threshold, held for staff: the queue's counts, totals and oldest wait,
 * then the rows. Finance and admin approve one (sent to the payout provider) or every selected
 * one in turn, or reject one with a reason the member reads; each approval goes through the
 * fresh-code flow. The status shown is in the address (`?status=`).
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const may = useStaffMay();
  const [params, setParams] = useSearchParams();
  const status = statuses.find((s) => s === params.get('status')) ?? 'waiting';
  const { data, isFetching, isError } = useWithdrawals(status);
  const table = useSorted(data, { columnAccessor: 'createdAt', direction: 'asc' });
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
      <QueueSummary rows={data ?? []} status={status} />
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
        records={table.records}
        sortStatus={table.sortStatus}
        onSortStatusChange={table.onSortStatusChange}
        fetching={isFetching && !data}
        noRecordsText={t(isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
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
          { accessor: 'id', title: '#', sortable: true },
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
            sortable: true,
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm">{row.name}</Text>
                <Text size="xs" c="dimmed">
                  {row.username} · #{row.memberId}
                </Text>
              </Stack>
            ),
          },
          {
            // What decides, inline: how old the account is, today's money, a running bonus.
            accessor: 'memberSince',
            title: t('backoffice.withdrawals.columns.context'),
            render: (row) => (
              <Stack gap={2}>
                <Text size="xs">
                  {t('backoffice.withdrawals.memberSince', {
                    date: formatDateTime(row.memberSince).slice(0, 10),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('backoffice.withdrawals.today', {
                    deposits: money(row.depositsToday, row.currency),
                    withdrawals: money(row.withdrawalsToday, row.currency),
                  })}
                </Text>
                {row.bonusRunning && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('backoffice.withdrawals.bonusRunning')}
                  </Badge>
                )}
              </Stack>
            ),
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
          {
            accessor: 'decidedBy',
            title: t('backoffice.withdrawals.columns.decidedBy'),
            hidden: status === 'waiting',
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm">{row.decidedBy ?? '—'}</Text>
                {row.reason && (
                  <Text size="xs" c="dimmed">
                    {row.reason}
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
                  disabled={bulk}
                  onClick={() => void approve(row)}
                  aria-label={t('backoffice.withdrawals.approveOne', { id: row.id })}
                >
                  {t('backoffice.withdrawals.approve')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  disabled={bulk}
                  onClick={() => setRejecting(row)}
                  aria-label={t('backoffice.withdrawals.rejectOne', { id: row.id })}
                >
                  {t('backoffice.withdrawals.reject')}
                </Button>
              </Group>
            ),
          },
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
            confirmLabel: t('backoffice.withdrawals.reject'),
          }
        }
        onClose={() => setRejecting(null)}
        onConfirm={reject}
      />
    </Stack>
  );
}
