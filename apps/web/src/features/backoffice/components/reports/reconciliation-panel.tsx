import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import {
  type ReconciliationProblem,
  type ReconciliationReport,
  reconciliationChecks,
} from '@wallet/contract/reports';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert, showToast } from '../../../../lib/alerts';
import { formatDateTime } from '../../../../lib/format';
import { useReconciliation } from '../../api/get-reconciliation';
import { useRunReconciliation } from '../../api/run-reconciliation';
import { showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { useStaffMay } from '../../use-staff-may';
import { MemberLink } from '../members/member-link';
import type { ReportColumn } from './report-columns';
import { ReportTable } from './report-table';

/** A problem with the report that found it. */
type ProblemRow = ReconciliationProblem & { day: string; checkedAt: string; index: number };

function useReportColumns(): ReportColumn<ReconciliationReport>[] {
  const { t } = useTranslation();
  const holds = t('backoffice.reports.reconciliation.holds');
  const fails = t('backoffice.reports.reconciliation.fails');
  const checkOf = (report: ReconciliationReport, check: string) =>
    report.checks.find((one) => one.check === check);
  return [
    {
      key: 'day',
      title: t('backoffice.reports.reconciliation.columns.day'),
      value: (report) => report.day,
    },
    {
      key: 'checked-at',
      title: t('backoffice.reports.reconciliation.columns.checkedAt'),
      // The CSV keeps the instant as the server wrote it; the screen shows it in local time.
      value: (report) => report.checkedAt,
      render: (report) => formatDateTime(report.checkedAt),
    },
    ...reconciliationChecks.flatMap((check): ReportColumn<ReconciliationReport>[] => {
      const group = t(`backoffice.reports.reconciliation.checks.${check}`);
      return [
        {
          key: `${check}-held`,
          group,
          title: t('backoffice.reports.reconciliation.columns.held'),
          value: (report) => {
            const held = checkOf(report, check)?.held;
            return held === undefined ? null : held ? holds : fails;
          },
          render: (report) => {
            const held = checkOf(report, check)?.held;
            if (held === undefined) return '—';
            return (
              <Badge color={held ? 'teal' : 'red'} variant="light" tt="none">
                {held ? holds : fails}
              </Badge>
            );
          },
        },
        {
          key: `${check}-checked`,
          group,
          title: t('backoffice.reports.reconciliation.columns.checked'),
          numeric: true,
          value: (report) => checkOf(report, check)?.checked ?? null,
        },
      ];
    }),
    {
      key: 'problems',
      title: t('backoffice.reports.reconciliation.columns.problems'),
      numeric: true,
      value: (report) => report.problems.length,
    },
  ];
}

function useProblemColumns(): ReportColumn<ProblemRow>[] {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const column = (key: string) => t(`backoffice.reports.reconciliation.columns.${key}`);
  // Amounts in the problem's own currency; a figure of none (a count) as it is.
  const figure = (row: ProblemRow, value: number | null) =>
    value === null ? '—' : row.currency ? money(value, row.currency) : value;
  return [
    { key: 'day', title: column('day'), value: (row) => row.day },
    {
      key: 'check',
      title: column('check'),
      value: (row) => t(`backoffice.reports.reconciliation.checks.${row.check}`),
    },
    { key: 'subject', title: column('subject'), value: (row) => row.subject },
    {
      key: 'member',
      title: column('member'),
      value: (row) => row.memberId,
      render: (row) => (row.memberId === null ? '—' : <MemberLink id={row.memberId} />),
    },
    { key: 'currency', title: column('currency'), value: (row) => row.currency },
    {
      key: 'expected',
      title: column('expected'),
      numeric: true,
      value: (row) => row.expected,
      render: (row) => figure(row, row.expected),
    },
    {
      key: 'actual',
      title: column('actual'),
      numeric: true,
      value: (row) => row.actual,
      render: (row) => figure(row, row.actual),
    },
    {
      key: 'detail',
      title: column('detail'),
      value: (row) => row.detail,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'normal' }}>
          {row.detail}
        </Text>
      ),
    },
  ];
}

/** "Run now" (`reports.reconcile`): the day's checks run at once, and the screen says the outcome. */
function RunNow() {
  const { t } = useTranslation();
  const run = useRunReconciliation();
  const start = async () => {
    try {
      const report = await run.mutateAsync();
      const count = report.problems.length;
      if (count === 0)
        showSuccessAlert(t('backoffice.reports.reconciliation.ran', { day: report.day }));
      else
        showToast(
          'info',
          t('backoffice.reports.reconciliation.ranProblems', { day: report.day, count }),
        );
    } catch (error) {
      showDeskError(error);
    }
  };
  return (
    <Button
      leftSection={<IconPlayerPlay size={16} aria-hidden />}
      loading={run.isPending}
      onClick={() => void start()}
    >
      {t('backoffice.reports.reconciliation.run')}
    </Button>
  );
}

/**
 * The daily reconciliation: the latest reports, newest first, each check held or not with how
 * many things it looked at, and every problem they found for staff to look into. Admin and
 * finance may run it now.
 */
export function ReconciliationPanel() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const list = useReconciliation();
  const reports = list.data?.reports ?? [];
  const problems: ProblemRow[] = reports.flatMap((report) =>
    report.problems.map((problem, index) => ({
      ...problem,
      day: report.day,
      checkedAt: report.checkedAt,
      index,
    })),
  );
  const reportColumns = useReportColumns();
  const problemColumns = useProblemColumns();
  const loadFailed = t('backoffice.table.loadFailed');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('backoffice.reports.reconciliation.intro')}
        </Text>
        {may('reports.reconcile') && <RunNow />}
      </Group>
      <ReportTable<ReconciliationReport>
        title={t('backoffice.reports.reconciliation.reports')}
        columns={reportColumns}
        records={reports}
        idOf={(report) => `${report.day}-${report.checkedAt}`}
        fileName="reconciliation"
        fetching={list.isFetching && !list.data}
        noRecordsText={list.isError ? loadFailed : t('backoffice.reports.reconciliation.noReports')}
      />
      <ReportTable<ProblemRow>
        title={t('backoffice.reports.reconciliation.problems')}
        columns={problemColumns}
        records={problems}
        idOf={(row) => `${row.checkedAt}-${row.index}`}
        fileName="reconciliation-problems"
        fetching={list.isFetching && !list.data}
        noRecordsText={
          list.isError ? loadFailed : t('backoffice.reports.reconciliation.noProblems')
        }
      />
    </Stack>
  );
}
