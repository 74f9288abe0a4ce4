import { Button, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import {
  IconCash,
  IconChecklist,
  IconDeviceGamepad2,
  IconGift,
  IconRefresh,
  IconUsers,
} from '@tabler/icons-react';
import type { ReportResponse } from '@wallet/contract/reports';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReport } from '../../api/get-report';
import { SectionHeader } from '../section-header';
import { CashReport } from './cash-report';
import { GamesReport } from './games-report';
import { MembersReport } from './members-report';
import { ReconciliationPanel } from './reconciliation-panel';
import { ReportFilters, useReportFilters } from './report-filters';
import { RewardsReport } from './rewards-report';

type FiguresProps = { report: ReportResponse; fetching: boolean };

const figureTabs = {
  cash: { icon: IconCash, Panel: CashReport },
  rewards: { icon: IconGift, Panel: RewardsReport },
  games: { icon: IconDeviceGamepad2, Panel: GamesReport },
  members: { icon: IconUsers, Panel: MembersReport },
} satisfies Record<
  string,
  { icon: ComponentType<{ size?: number }>; Panel: ComponentType<FiguresProps> }
>;
type FigureTab = keyof typeof figureTabs;
type Tab = FigureTab | 'reconciliation';
const tabs = [...(Object.keys(figureTabs) as FigureTab[]), 'reconciliation'] as const;

/**
 * Reports (docs/backoffice.md, "Reports"): the operator's figures of a range of days, per day,
 * week or month, in one currency (cash, rewards, games, members: a chart and a table each, every
 * table downloadable as CSV), and the daily reconciliation. `?tab=` names the open tab.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((one) => one === params.get('tab')) ?? 'cash';
  const filters = useReportFilters();
  const report = useReport(filters.query);
  const { data } = report;

  return (
    <Stack gap="md">
      <SectionHeader title={t('backoffice.sections.reports')} text={t('backoffice.reports.intro')}>
        {tab !== 'reconciliation' && (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={report.isFetching}
            onClick={() => void report.refetch()}
          >
            {t('backoffice.reports.refresh')}
          </Button>
        )}
      </SectionHeader>
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(next && next !== 'cash' ? { tab: next } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {(Object.keys(figureTabs) as FigureTab[]).map((key) => {
            const Icon = figureTabs[key].icon;
            return (
              <Tabs.Tab key={key} value={key} leftSection={<Icon size={16} aria-hidden />}>
                {t(`backoffice.reports.tabs.${key}`)}
              </Tabs.Tab>
            );
          })}
          <Tabs.Tab value="reconciliation" leftSection={<IconChecklist size={16} aria-hidden />}>
            {t('backoffice.reports.tabs.reconciliation')}
          </Tabs.Tab>
        </Tabs.List>
        {tab !== 'reconciliation' && <ReportFilters {...filters} />}
        {report.isError && (
          <Text c="red.4" size="sm" mb="md" role="alert">
            {t('backoffice.reports.loadFailed')}
          </Text>
        )}
        {(Object.keys(figureTabs) as FigureTab[]).map((key) => {
          const { Panel } = figureTabs[key];
          return (
            <Tabs.Panel key={key} value={key}>
              {data ? (
                <Panel report={data} fetching={report.isFetching} />
              ) : (
                !report.isError && (
                  <Center mih={240}>
                    <Loader aria-label={t('common.loading')} />
                  </Center>
                )
              )}
            </Tabs.Panel>
          );
        })}
        <Tabs.Panel value="reconciliation">
          <ReconciliationPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
