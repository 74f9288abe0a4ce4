import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconKey, IconUserCheck, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import type { StaffAccount } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert } from '../../../../lib/alerts';
import { formatDateTime } from '../../../../lib/format';
import { type StaffAccountChange, useChangeStaffAccount } from '../../api/change-staff-account';
import { useStaffAccounts } from '../../api/get-staff-accounts';
import { useStaffProfile } from '../../api/get-staff-profile';
import { showDeskError } from '../../fresh-code';
import { DeskTable, useDeskList } from '../desk-table';
import { ReasonModal } from '../reason-modal';
import { RowAction } from '../row-action';
import { SectionHeader } from '../section-header';
import { AddStaffModal } from './add-staff-modal';

type Pending = { account: StaffAccount; change: StaffAccountChange };

/** The i18n key part of each change (`reset-authenticator` → `resetAuthenticator`). */
const changeKey = {
  'reset-authenticator': 'resetAuthenticator',
  deactivate: 'deactivate',
  reactivate: 'reactivate',
} as const satisfies Record<StaffAccountChange, string>;

/**
 * Staff (admin): the accounts, with their role, whether active and whether an authenticator is
 * set up; add one (its one-time password shown once), reset an authenticator (a lost phone),
 * deactivate or reactivate one, each with a reason for the audit log.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const { data: me } = useStaffProfile();
  const list = useDeskList(useStaffAccounts(), { columnAccessor: 'username', direction: 'asc' });
  const change = useChangeStaffAccount();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = async (reason: string) => {
    if (!pending) return;
    const { account } = pending;
    try {
      await change.mutateAsync({ id: account.id, change: pending.change, reason });
      const key = changeKey[pending.change];
      showSuccessAlert(t(`backoffice.staff.${key}Done`, { username: account.username }));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const key = pending ? changeKey[pending.change] : null;
  return (
    <Stack gap={0}>
      <SectionHeader title={t('backoffice.sections.staff')} text={t('backoffice.staff.intro')}>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {t('backoffice.staff.add')}
        </Button>
      </SectionHeader>
      <DeskTable<StaffAccount>
        aria-label={t('backoffice.sections.staff')}
        {...list}
        columns={[
          { accessor: 'username', title: t('backoffice.staff.columns.username'), sortable: true },
          { accessor: 'name', title: t('backoffice.staff.columns.name'), sortable: true },
          {
            accessor: 'role',
            title: t('backoffice.staff.columns.role'),
            sortable: true,
            render: (account) => t(`backoffice.roles.${account.role}`),
          },
          {
            accessor: 'active',
            title: t('backoffice.staff.columns.status'),
            sortable: true,
            render: (account) => (
              <Group gap={4}>
                <Badge color={account.active ? 'teal' : 'red'} variant="light">
                  {t(account.active ? 'backoffice.staff.active' : 'backoffice.staff.inactive')}
                </Badge>
                {!account.enrolled && (
                  <Badge color="yellow" variant="light">
                    {t('backoffice.staff.notEnrolled')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'createdAt',
            title: t('backoffice.staff.columns.createdAt'),
            sortable: true,
            render: (account) => formatDateTime(account.createdAt),
          },
          {
            accessor: 'actions',
            title: t('backoffice.table.actions'),
            textAlign: 'right',
            render: (account) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <RowAction
                  icon={IconKey}
                  onClick={() => setPending({ account, change: 'reset-authenticator' })}
                  label={t('backoffice.staff.resetAuthenticatorOf', {
                    username: account.username,
                  })}
                >
                  {t('backoffice.staff.resetAuthenticator')}
                </RowAction>
                {/* An admin cannot deactivate themselves (the server refuses it too). */}
                {account.id !== me?.id && (
                  <RowAction
                    color={account.active ? 'red' : 'teal'}
                    icon={account.active ? IconUserOff : IconUserCheck}
                    onClick={() =>
                      setPending({
                        account,
                        change: account.active ? 'deactivate' : 'reactivate',
                      })
                    }
                    label={t(
                      account.active
                        ? 'backoffice.staff.deactivateOf'
                        : 'backoffice.staff.reactivateOf',
                      { username: account.username },
                    )}
                  >
                    {t(
                      account.active
                        ? 'backoffice.staff.deactivate'
                        : 'backoffice.staff.reactivate',
                    )}
                  </RowAction>
                )}
              </Group>
            ),
          },
        ]}
      />
      <AddStaffModal opened={adding} onClose={() => setAdding(false)} />
      <ReasonModal
        request={
          pending &&
          key && {
            title: t(`backoffice.staff.${key}Title`, { username: pending.account.username }),
            text: t(`backoffice.staff.${key}Text`),
            confirmLabel: t(`backoffice.staff.${key}`),
          }
        }
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
