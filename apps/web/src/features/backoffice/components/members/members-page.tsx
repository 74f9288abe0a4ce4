import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { MemberSummary } from '@wallet/contract/staff-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatAccountNo, formatDateTime } from '../../../../lib/format';
import { firstMemberPage, memberSorts, useMembers } from '../../api/get-members';
import { usePaging } from '../../paging';
import { memberPath } from '../../paths';
import { DeskTable, useDeskPage } from '../desk-table';
import { SectionHeader } from '../section-header';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { MemberActions, MemberChangeModal, type PendingChange } from './member-actions';
import { MemberLink } from './member-link';
import { MemberSearch } from './member-search';

/**
 * Members: find members by phone, name, bank account, id or invite code, and open one's page (a
 * click on the row or the name); deactivate or reactivate them (support, admin) and ask for a
 * balance adjustment (finance, admin). The search is in the address (`?q=`), so the back button
 * and a reload keep it; the server pages and sorts what it finds.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const navigate = useNavigate();
  const paging = usePaging(firstMemberPage, memberSorts, q);
  const query = useMembers(q, paging.request);
  const list = useDeskPage(
    query,
    (data) => ({ records: data.members, total: data.total }),
    paging,
    'backoffice.members.none',
  );
  const [changing, setChanging] = useState<PendingChange | null>(null);
  const [adjusting, setAdjusting] = useState<MemberSummary | null>(null);

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.members')}
        text={t('backoffice.members.intro')}
      />
      <MemberSearch q={q} onSearch={(next) => setParams({ q: next })} />
      {q === '' ? (
        <Text c="dimmed" size="sm">
          {t('backoffice.members.hint')}
        </Text>
      ) : (
        <DeskTable<MemberSummary>
          aria-label={t('backoffice.sections.members')}
          {...list}
          // A row opens the member's page; its own buttons act on the row instead.
          onRowClick={({ record, event }) => {
            if (!(event.target as Element).closest('button, a')) navigate(memberPath(record.id));
          }}
          columns={[
            { accessor: 'id', title: t('backoffice.members.columns.id') },
            { accessor: 'username', title: t('backoffice.members.columns.username') },
            {
              accessor: 'name',
              title: t('backoffice.members.columns.name'),
              sortable: true,
              render: (member) => <MemberLink id={member.id}>{member.name}</MemberLink>,
            },
            {
              accessor: 'bankAccountNo',
              title: t('backoffice.members.columns.bank'),
              render: (member) => `${member.bankCode} ${formatAccountNo(member.bankAccountNo)}`,
            },
            { accessor: 'currency', title: t('backoffice.members.columns.currency') },
            {
              accessor: 'createdAt',
              title: t('backoffice.member.registered'),
              sortable: true,
              render: (member) => formatDateTime(member.createdAt),
            },
            {
              accessor: 'active',
              title: t('backoffice.members.columns.status'),
              render: (member) => (
                <Badge color={member.active ? 'teal' : 'red'} variant="light">
                  {t(member.active ? 'backoffice.members.active' : 'backoffice.members.inactive')}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: t('backoffice.table.actions'),
              textAlign: 'right',
              render: (member) => (
                <MemberActions member={member} onChange={setChanging} onAdjust={setAdjusting} />
              ),
            },
          ]}
        />
      )}
      {query.isError && (
        <Group mt="sm">
          <Button variant="default" size="compact-sm" onClick={() => void query.refetch()}>
            {t('backoffice.table.retry')}
          </Button>
        </Group>
      )}
      <MemberChangeModal pending={changing} onClose={() => setChanging(null)} />
      <AdjustBalanceModal member={adjusting} onClose={() => setAdjusting(null)} />
    </Stack>
  );
}
