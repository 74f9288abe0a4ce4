import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAdjustmentsDollar, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { MemberSummary } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showSuccessAlert } from '../../../../lib/alerts';
import { formatAccountNo } from '../../../../lib/format';
import { useMembers } from '../../api/get-members';
import { useSetMemberActive } from '../../api/set-member-active';
import { showDeskError } from '../../fresh-code';
import { useStaffMay } from '../../use-staff-may';
import { DeskTable, useSorted } from '../desk-table';
import { ReasonModal } from '../reason-modal';
import { SectionHeader } from '../section-header';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { MemberSearch } from './member-search';

function MemberActions({
  member,
  onStatus,
  onAdjust,
}: {
  member: MemberSummary;
  onStatus: (member: MemberSummary) => void;
  onAdjust: (member: MemberSummary) => void;
}) {
  const { t } = useTranslation();
  const may = useStaffMay();
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {may('adjustments.request') && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconAdjustmentsDollar size={16} aria-hidden />}
          onClick={() => onAdjust(member)}
        >
          {t('backoffice.members.adjust')}
        </Button>
      )}
      {may('members.status') && (
        <Button
          size="compact-sm"
          variant="light"
          color={member.active ? 'red' : 'teal'}
          leftSection={
            member.active ? (
              <IconUserOff size={16} aria-hidden />
            ) : (
              <IconUserCheck size={16} aria-hidden />
            )
          }
          onClick={() => onStatus(member)}
        >
          {t(member.active ? 'backoffice.members.deactivate' : 'backoffice.members.reactivate')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Members: find members by phone, name, bank account, id or invite code; deactivate or
 * reactivate them (support, admin) and ask for a balance adjustment (finance, admin). The
 * search is in the address (`?q=`), so the back button and a reload keep it.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { data, isFetching, isError, refetch } = useMembers(q);
  const table = useSorted(data, { columnAccessor: 'id', direction: 'desc' });
  const setActive = useSetMemberActive();
  const [statusOf, setStatusOf] = useState<MemberSummary | null>(null);
  const [adjusting, setAdjusting] = useState<MemberSummary | null>(null);

  const changeStatus = async (reason: string) => {
    if (!statusOf) return;
    const active = !statusOf.active;
    try {
      await setActive.mutateAsync({ memberId: statusOf.id, active, reason });
      const done = active ? 'backoffice.members.reactivated' : 'backoffice.members.deactivated';
      showSuccessAlert(t(done, { name: statusOf.name }));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const verb = statusOf?.active ? 'deactivate' : 'reactivate';
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
          records={table.records}
          sortStatus={table.sortStatus}
          onSortStatusChange={table.onSortStatusChange}
          fetching={isFetching && !data}
          noRecordsText={isError ? t('backoffice.table.loadFailed') : t('backoffice.members.none')}
          columns={[
            { accessor: 'id', title: t('backoffice.members.columns.id'), sortable: true },
            { accessor: 'username', title: t('backoffice.members.columns.username') },
            { accessor: 'name', title: t('backoffice.members.columns.name'), sortable: true },
            {
              accessor: 'bankAccountNo',
              title: t('backoffice.members.columns.bank'),
              render: (member) => `${member.bankCode} ${formatAccountNo(member.bankAccountNo)}`,
            },
            { accessor: 'currency', title: t('backoffice.members.columns.currency') },
            {
              accessor: 'active',
              title: t('backoffice.members.columns.status'),
              sortable: true,
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
                <MemberActions member={member} onStatus={setStatusOf} onAdjust={setAdjusting} />
              ),
            },
          ]}
        />
      )}
      {isError && (
        <Group mt="sm">
          <Button variant="default" size="compact-sm" onClick={() => void refetch()}>
            {t('backoffice.table.retry')}
          </Button>
        </Group>
      )}
      <ReasonModal
        request={
          statusOf && {
            title: t(`backoffice.members.${verb}Title`, { name: statusOf.name }),
            text: t(`backoffice.members.${verb}Text`),
            confirmLabel: t(`backoffice.members.${verb}`),
          }
        }
        onClose={() => setStatusOf(null)}
        onConfirm={changeStatus}
      />
      <AdjustBalanceModal member={adjusting} onClose={() => setAdjusting(null)} />
    </Stack>
  );
}
