import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconLink, IconLinkOff, IconShieldCheck } from '@tabler/icons-react';
import type { AuditEntry } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../../../lib/alerts';
import { formatDateTime } from '../../../../lib/format';
import { type AuditFilter, useAudit } from '../../api/get-audit';
import { useVerifyAudit } from '../../api/verify-audit';
import { auditCsv, downloadCsv } from '../../audit-csv';
import { DeskTable } from '../desk-table';
import { SectionHeader } from '../section-header';
import { AuditFilters } from './audit-filters';

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

/** "Check the chain": the server walks the hash chain and says where, if anywhere, it breaks. */
function ChainCheck() {
  const { t } = useTranslation();
  const verify = useVerifyAudit();
  const result = verify.data;
  return (
    <Stack gap="xs" align="flex-end">
      <Button
        variant="light"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        loading={verify.isPending}
        onClick={() => verify.mutate(undefined, { onError: showErrorAlert })}
      >
        {t('backoffice.audit.verify')}
      </Button>
      {result && (
        <Alert
          role="status"
          color={result.ok ? 'teal' : 'red'}
          variant="light"
          py={6}
          icon={result.ok ? <IconLink size={16} /> : <IconLinkOff size={16} />}
        >
          {result.ok
            ? t('backoffice.audit.chainOk', { checked: result.checked })
            : t('backoffice.audit.chainBroken', {
                checked: result.checked,
                id: result.brokenAt ?? '?',
              })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The audit log (admin): every change, refusal and sign-in, newest first, filtered by who, what,
 * which action and when; a row opens on the state before and after. "Load older" goes on below
 * the last row; "Export CSV" saves the rows loaded.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({});
  const audit = useAudit(filter);
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const entries = audit.data ?? [];

  return (
    <Stack gap={0}>
      <SectionHeader title={t('backoffice.sections.audit')} text={t('backoffice.audit.intro')}>
        <ChainCheck />
      </SectionHeader>
      <AuditFilters
        onFilter={(next) => {
          setExpanded([]);
          setFilter(next);
        }}
      />
      <DeskTable<AuditEntry>
        aria-label={t('backoffice.sections.audit')}
        records={entries}
        fetching={audit.isFetching && !audit.data}
        noRecordsText={t(audit.isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
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
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {t('backoffice.audit.loaded', { n: entries.length })}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={entries.length === 0}
            onClick={() => downloadCsv(auditCsv(entries), 'audit-log.csv')}
          >
            {t('backoffice.audit.export')}
          </Button>
          <Button
            variant="light"
            disabled={!audit.hasNextPage}
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {t('backoffice.audit.loadOlder')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
