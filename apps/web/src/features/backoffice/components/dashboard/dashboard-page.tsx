import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Dashboard } from '@wallet/contract/desk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { useDashboard } from '../../api/get-dashboard';
import { useStaffProfile } from '../../api/get-staff-profile';
import { useStaffMoney } from '../../money';
import { type SectionKey, sectionAllowed, sections } from '../../sections';
import { waitParts } from '../queue-summary';
import { SectionHeader } from '../section-header';
import { StatCard } from '../stat-card';
import { CurrencyDay } from './currency-day';

type Waiting = Dashboard['waiting'][number];

/** The section where each queue's rows are, and whose name labels its figure. */
const queueSection = {
  withdrawals: 'withdrawals',
  adjustments: 'adjustments',
  'bank-transfers': 'bankTransfers',
  'held-transfers': 'heldTransfers',
  slips: 'slips',
  chats: 'chat',
} as const satisfies Record<Waiting['what'], SectionKey>;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What waits for staff, each figure opening its queue for a role that may use it. */
function WaitingQueues({ waiting }: { waiting: Waiting[] }) {
  const { t } = useTranslation();
  const { data: staff } = useStaffProfile();
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
      {waiting.map((queue) => {
        const section = queueSection[queue.what];
        const path = sections.find((s) => s.key === section)?.path;
        return (
          <StatCard
            key={queue.what}
            label={t(`backoffice.dashboard.waiting.${section}`)}
            value={queue.count}
            testId={`waiting-${queue.what}`}
            note={
              queue.oldest
                ? t('backoffice.dashboard.oldest', waitParts(queue.oldest))
                : t('backoffice.dashboard.nothingWaiting')
            }
            to={staff && sectionAllowed(staff.role, section) ? path : undefined}
          />
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The back office's first screen (docs/backoffice.md, "The dashboard"): what waits for staff
 * with its oldest wait, the day's new members, and the day's money per currency (baht and kip
 * side by side, never added together), read again each minute.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const { data, isError, isFetching, refetch, dataUpdatedAt } = useDashboard();

  return (
    <Stack gap="lg">
      <SectionHeader
        title={t('backoffice.sections.dashboard')}
        text={data ? t('backoffice.dashboard.intro', { day: data.day }) : undefined}
      >
        <Stack gap={4} align="flex-end">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={isFetching}
            onClick={() => void refetch()}
          >
            {t('backoffice.dashboard.refresh')}
          </Button>
          {dataUpdatedAt > 0 && (
            <Text size="xs" c="dimmed">
              {t('backoffice.dashboard.updated', { time: formatDateTime(dataUpdatedAt) })}
            </Text>
          )}
        </Stack>
      </SectionHeader>
      {isError && !data && (
        <Text c="red.4" size="sm">
          {t('backoffice.dashboard.loadFailed')}
        </Text>
      )}
      {data && (
        <>
          <Block title={t('backoffice.dashboard.waitingTitle')}>
            <WaitingQueues waiting={data.waiting} />
          </Block>
          <Block title={t('backoffice.dashboard.membersTitle')}>
            <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
              <StatCard
                label={t('backoffice.dashboard.registered')}
                value={data.members.registered}
                testId="members-registered"
              />
              <StatCard
                label={t('backoffice.dashboard.firstDeposits')}
                value={data.members.firstDeposits}
                testId="members-first-deposits"
              />
            </SimpleGrid>
          </Block>
          <Block title={t('backoffice.dashboard.moneyTitle')}>
            {data.currencies.length === 0 ? (
              <Paper withBorder p="md" radius="md">
                <Text size="sm" c="dimmed">
                  {t('backoffice.dashboard.noMoney')}
                </Text>
              </Paper>
            ) : (
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                {data.currencies.map((day) => (
                  <CurrencyDay key={day.currency} day={day} money={money} />
                ))}
              </SimpleGrid>
            )}
          </Block>
        </>
      )}
    </Stack>
  );
}
