import { Badge, SegmentedControl, Stack, Tabs } from '@mantine/core';
import type { Adjustment } from '@wallet/contract/desk';
import type { MemberDetail } from '@wallet/contract/staff-members';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { adjustmentSorts, firstAdjustmentPage } from '../../api/get-adjustments';
import { useMemberAdjustments } from '../../api/get-member-adjustments';
import { useStaffMoney } from '../../money';
import { usePaging } from '../../paging';
import { useStaffMay } from '../../use-staff-may';
import { useAdjustmentColumns } from '../adjustments/adjustment-columns';
import { AuditTable } from '../audit/audit-table';
import { useDecisionColumns } from '../decision';
import { DeskTable, useDeskPage, useSorted } from '../desk-table';
import { MemberNotes } from './member-notes';
import { MemberRecords } from './member-records';

type Movement = MemberDetail['ledger'][number];
type Session = MemberDetail['sessions'][number];
type SignIn = MemberDetail['signIns'][number];

const outcomeColor = {
  registered: 'blue',
  'signed-in': 'teal',
  'wrong-password': 'red',
  inactive: 'orange',
} as const satisfies Record<SignIn['outcome'], string>;

const statusColor: Record<string, string> = {
  success: 'teal',
  processing: 'yellow',
  failed: 'red',
};

/**
 * The member's latest movements of every kind (deposits, withdrawals, game transfers, bonuses,
 * adjustments…), newest first, narrowed to one kind at a time.
 */
function Movements({ ledger, currency }: { ledger: Movement[]; currency: string }) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const [type, setType] = useState('all');
  const types = [...new Set(ledger.map((row) => row.type))].sort();
  const shown = type === 'all' ? ledger : ledger.filter((row) => row.type === type);
  const table = useSorted(shown, { columnAccessor: 'createdAt', direction: 'desc' });
  const typeName = (value: string) =>
    t(`backoffice.member.types.${value}`, { defaultValue: value });
  return (
    <Stack gap="sm">
      {types.length > 1 && (
        <SegmentedControl
          aria-label={t('backoffice.member.movementType')}
          value={type}
          onChange={setType}
          data={[
            { value: 'all', label: t('backoffice.member.allTypes') },
            ...types.map((value) => ({ value, label: typeName(value) })),
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <DeskTable<Movement>
        aria-label={t('backoffice.member.movements')}
        {...table}
        noRecordsText={t('backoffice.member.noMovements')}
        columns={[
          { accessor: 'id', title: '#', sortable: true },
          {
            accessor: 'createdAt',
            title: t('backoffice.member.columns.at'),
            sortable: true,
            render: (row) => formatDateTime(row.createdAt),
          },
          {
            accessor: 'type',
            title: t('backoffice.member.columns.type'),
            sortable: true,
            render: (row) => typeName(row.type),
          },
          { accessor: 'from', title: t('backoffice.member.columns.from') },
          { accessor: 'to', title: t('backoffice.member.columns.to') },
          {
            accessor: 'amount',
            title: t('backoffice.member.columns.amount'),
            textAlign: 'right',
            sortable: true,
            render: (row) => money(row.amount, currency),
          },
          {
            accessor: 'status',
            title: t('backoffice.member.columns.status'),
            render: (row) => (
              <Badge color={statusColor[row.status] ?? 'gray'} variant="light">
                {t(`backoffice.member.statuses.${row.status}`, { defaultValue: row.status })}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** An address and the browser it came with, the browser cut short (its whole in a tooltip). */
const whereColumns = <T extends { ip: string | null; userAgent: string | null }>(
  t: (key: string) => string,
): DataTableColumn<T>[] => [
  { accessor: 'ip', title: t('backoffice.sessions.columns.ip'), render: (row) => row.ip ?? '—' },
  {
    accessor: 'userAgent',
    title: t('backoffice.sessions.columns.browser'),
    ellipsis: true,
    width: 320,
    render: (row) => <span title={row.userAgent ?? undefined}>{row.userAgent ?? '—'}</span>,
  },
];

/** The latest sign-ins with the member's phone, failed ones too, with address and browser. */
function SignIns({ signIns }: { signIns: SignIn[] }) {
  const { t } = useTranslation();
  const table = useSorted(signIns, { columnAccessor: 'at', direction: 'desc' });
  return (
    <DeskTable<SignIn>
      aria-label={t('backoffice.member.signIns')}
      idAccessor={(row) => `${row.at}:${row.ip}`}
      {...table}
      noRecordsText={t('backoffice.member.noSignIns')}
      columns={[
        {
          accessor: 'at',
          title: t('backoffice.member.columns.at'),
          sortable: true,
          noWrap: true,
          render: (row) => formatDateTime(row.at),
        },
        {
          accessor: 'outcome',
          title: t('backoffice.member.columns.outcome'),
          sortable: true,
          render: (row) => (
            <Badge color={outcomeColor[row.outcome]} variant="light">
              {t(`backoffice.member.outcomes.${row.outcome}`)}
            </Badge>
          ),
        },
        ...whereColumns<SignIn>(t),
      ]}
    />
  );
}

/** The member's sessions: when each began, until when it holds, whether it still does, where. */
function Sessions({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation();
  const table = useSorted(sessions, { columnAccessor: 'createdAt', direction: 'desc' });
  return (
    <DeskTable<Session>
      aria-label={t('backoffice.member.sessions')}
      idAccessor="createdAt"
      {...table}
      columns={[
        {
          accessor: 'createdAt',
          title: t('backoffice.sessions.columns.createdAt'),
          sortable: true,
          render: (row) => formatDateTime(row.createdAt),
        },
        {
          accessor: 'expiresAt',
          title: t('backoffice.sessions.columns.expiresAt'),
          sortable: true,
          render: (row) => formatDateTime(row.expiresAt),
        },
        ...whereColumns<Session>(t),
        {
          accessor: 'active',
          title: t('backoffice.member.columns.status'),
          render: (row) => (
            <Badge color={row.active ? 'teal' : 'gray'} variant="light">
              {t(row.active ? 'backoffice.member.sessionOpen' : 'backoffice.member.sessionEnded')}
            </Badge>
          ),
        },
      ]}
    />
  );
}

/**
 * The member's adjustments and credits asked by staff, for the roles that read the queue (its
 * tab is there for them only, and asks when opened).
 */
function MemberAdjustments({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const paging = usePaging(firstAdjustmentPage, adjustmentSorts);
  const list = useDeskPage(
    useMemberAdjustments(memberId, paging.request),
    (data) => ({ records: data.adjustments, total: data.total }),
    paging,
  );
  const columns = [
    ...useAdjustmentColumns({ withMember: false }),
    ...useDecisionColumns<Adjustment>({
      decided: true,
      decision: (row) => ({ by: row.decidedBy, reason: row.decisionReason }),
      deciding: false,
    }),
  ];
  return (
    <DeskTable<Adjustment>
      aria-label={t('backoffice.member.adjustments')}
      {...list}
      columns={columns}
    />
  );
}

/**
 * The member's activity, one tab at a time: movements, sign-ins, sessions, deposits and rewards
 * record by record, staff's notes, the status history and (for the roles that read them)
 * adjustments.
 */
export function MemberActivity({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const may = useStaffMay();
  const { member } = detail;
  const tabs = [
    {
      value: 'movements',
      count: detail.ledger.length,
      panel: <Movements ledger={detail.ledger} currency={member.currency} />,
    },
    { value: 'signIns', count: detail.signIns.length, panel: <SignIns signIns={detail.signIns} /> },
    {
      value: 'sessions',
      count: detail.sessions.length,
      panel: <Sessions sessions={detail.sessions} />,
    },
    // Read when opened: each channel's own records, the latest 20 of each.
    { value: 'records', count: null, panel: <MemberRecords memberId={member.id} /> },
    {
      value: 'notes',
      count: detail.notes.length,
      panel: <MemberNotes memberId={member.id} notes={detail.notes} />,
    },
    {
      value: 'history',
      count: detail.history.length,
      panel: (
        <AuditTable
          aria-label={t('backoffice.member.history')}
          entries={detail.history}
          noRecordsText={t('backoffice.member.noHistory')}
        />
      ),
    },
    // Asked when opened, by the roles that read the queue only.
    ...(may('adjustments.request')
      ? [{ value: 'adjustments', count: null, panel: <MemberAdjustments memberId={member.id} /> }]
      : []),
  ];
  return (
    <Tabs defaultValue="movements" keepMounted={false}>
      <Tabs.List mb="sm">
        {tabs.map(({ value, count }) => (
          <Tabs.Tab key={value} value={value}>
            {t(`backoffice.member.${value}`)}
            {count === null ? '' : ` (${count})`}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, panel }) => (
        <Tabs.Panel key={value} value={value}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
