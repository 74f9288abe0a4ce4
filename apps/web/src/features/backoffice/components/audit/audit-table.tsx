import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { DeskTable } from '../desk-table';

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

/** An entry's state before and after the change, shown when its row is opened. */
function EntryStates({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={2} p="sm">
      {(['before', 'after'] as const).map((side) => (
        <Stack key={side} gap={4}>
          <Text size="xs" c="dimmed" fw={600}>
            {t(`backoffice.audit.${side}`)}
          </Text>
          <Code block>{json(entry[side])}</Code>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

type AuditTableProps = {
  'aria-label': string;
  entries: AuditEntry[];
  fetching?: boolean;
  noRecordsText?: string;
};

/**
 * Audit entries, newest first as the server answers them, a row opening on the state before and
 * after: the audit log's, and a member's status history (the entries about the member).
 */
export function AuditTable({ entries, ...props }: AuditTableProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<unknown[]>([]);
  return (
    <DeskTable<AuditEntry>
      {...props}
      records={entries}
      rowExpansion={{
        allowMultiple: true,
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => <EntryStates entry={record} />,
      }}
      columns={[
        { accessor: 'id', title: '#' },
        {
          accessor: 'at',
          title: t('backoffice.audit.columns.at'),
          render: (entry) => formatDateTime(entry.at),
        },
        {
          accessor: 'staff',
          title: t('backoffice.audit.columns.staff'),
          render: (entry) => entry.staff ?? '—',
        },
        { accessor: 'action', title: t('backoffice.audit.columns.action') },
        {
          accessor: 'target',
          title: t('backoffice.audit.columns.target'),
          render: (entry) => entry.target ?? '—',
        },
        {
          accessor: 'reason',
          title: t('backoffice.audit.columns.reason'),
          render: (entry) => entry.reason ?? '—',
        },
        { accessor: 'ip', title: t('backoffice.audit.columns.ip') },
      ]}
    />
  );
}
