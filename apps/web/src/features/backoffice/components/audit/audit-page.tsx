import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconLink, IconLinkOff, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../../../lib/alerts';
import { type AuditFilter, useAudit } from '../../api/get-audit';
import { useVerifyAudit } from '../../api/verify-audit';
import { downloadCsv } from '../../csv';
import { SectionHeader } from '../section-header';
import { auditCsv } from './audit-csv';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

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
  const entries = audit.data ?? [];

  return (
    <Stack gap={0}>
      <SectionHeader title={t('backoffice.sections.audit')} text={t('backoffice.audit.intro')}>
        <ChainCheck />
      </SectionHeader>
      <AuditFilters onFilter={setFilter} />
      <AuditTable
        // Another filter, other rows: none of them opened.
        key={JSON.stringify(filter)}
        aria-label={t('backoffice.sections.audit')}
        entries={entries}
        fetching={audit.isFetching && !audit.data}
        noRecordsText={t(audit.isError ? 'backoffice.table.loadFailed' : 'backoffice.table.empty')}
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
