import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { StaffSession } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ui/app-modal';
import { showErrorAlert, showSuccessAlert } from '../../../../lib/alerts';
import { formatDateTime } from '../../../../lib/format';
import { useEndSession } from '../../api/end-session';
import { useSessions } from '../../api/get-sessions';
import { useStaffMay } from '../../use-staff-may';
import { DeskTable, useDeskList } from '../desk-table';
import { RowAction } from '../row-action';
import { SectionHeader } from '../section-header';

/**
 * My sessions: where this staff account is signed in (an admin sees everyone's), with address
 * and browser; ending one signs that browser out, and ending this one signs out here.
 */
export function SessionsPage() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const list = useDeskList(useSessions(), { columnAccessor: 'lastSeenAt', direction: 'desc' });
  const end = useEndSession();
  const [ending, setEnding] = useState<StaffSession | null>(null);

  const confirm = async (session: StaffSession) => {
    try {
      await end.mutateAsync(session);
      if (!session.current) showSuccessAlert(t('backoffice.sessions.ended'));
    } catch (error) {
      showErrorAlert(error);
    }
  };

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.sessions')}
        text={t(
          may('staff.manage') ? 'backoffice.sessions.introAdmin' : 'backoffice.sessions.intro',
        )}
      />
      <DeskTable<StaffSession>
        aria-label={t('backoffice.sections.sessions')}
        {...list}
        columns={[
          {
            accessor: 'staff',
            title: t('backoffice.sessions.columns.staff'),
            sortable: true,
            render: (session) => (
              <Group gap={6}>
                <Text size="sm">{session.staff}</Text>
                {session.current && (
                  <Badge size="sm" variant="light">
                    {t('backoffice.sessions.current')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { accessor: 'ip', title: t('backoffice.sessions.columns.ip') },
          {
            accessor: 'userAgent',
            title: t('backoffice.sessions.columns.browser'),
            ellipsis: true,
            width: 320,
            render: (session) => <span title={session.userAgent}>{session.userAgent}</span>,
          },
          {
            accessor: 'createdAt',
            title: t('backoffice.sessions.columns.createdAt'),
            sortable: true,
            render: (session) => formatDateTime(session.createdAt),
          },
          {
            accessor: 'lastSeenAt',
            title: t('backoffice.sessions.columns.lastSeenAt'),
            sortable: true,
            render: (session) => formatDateTime(session.lastSeenAt),
          },
          {
            accessor: 'expiresAt',
            title: t('backoffice.sessions.columns.expiresAt'),
            render: (session) => formatDateTime(session.expiresAt),
          },
          {
            accessor: 'actions',
            title: t('backoffice.table.actions'),
            textAlign: 'right',
            render: (session) => (
              <RowAction
                icon={IconPlugConnectedX}
                color="red"
                onClick={() => setEnding(session)}
                label={t('backoffice.sessions.endOf', { id: session.id })}
              >
                {t('backoffice.sessions.end')}
              </RowAction>
            ),
          },
        ]}
      />
      <ConfirmModal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title={t('backoffice.sessions.endTitle')}
        confirmLabel={t('backoffice.sessions.end')}
        confirmColor="red"
        onConfirm={() => {
          if (ending) void confirm(ending);
        }}
      >
        <Text size="sm">
          {ending?.current ? t('backoffice.sessions.endCurrent') : t('backoffice.sessions.endText')}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
