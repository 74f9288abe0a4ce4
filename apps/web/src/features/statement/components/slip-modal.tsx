import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { paging } from '@wallet/contract/constants';
import { slipNoteReasons } from '@wallet/contract/errors';
import { type Slip, statusDisplay } from '@wallet/contract/statement';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { Pager } from '../../../components/ui/pager';
import { useMoney } from '../../../hooks/use-money';
import { formatDateTime } from '../../../lib/format';
import { pageCount } from '../../../lib/page-range';
import { refreshMoneyViews } from '../../../lib/query-client';
import { slipsQueryOptions } from '../api/get-slips';
import { statusColor } from '../status-color';
import { PagedList } from './paged-list';

function SlipCard({ slip }: { slip: Slip }) {
  const { t } = useTranslation();
  const money = useMoney();
  const status = statusDisplay(slip.status);
  return (
    <Paper p="sm" radius="md" withBorder component="li" data-testid="slip-entry">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} c="gold.4">
            {money(slip.amount)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(slip.createdAt)}
          </Text>
          {slip.reference && (
            <Text size="xs" c="dimmed" truncate>
              {t('statement.slipReference', { reference: slip.reference })}
            </Text>
          )}
          {slip.note && (
            <Text size="xs" c="red.4">
              ({t(`slipNote.${slipNoteReasons[slip.note]}`)})
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge size="sm" variant="light" color={statusColor[status]}>
            {t(`statement.status.${status}`)}
          </Badge>
          <Anchor href={slip.link} target="_blank" rel="noopener noreferrer" size="xs">
            {t('statement.slipView')}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The slip modal of the statement page (the spec's screens and constants and limits): the member's uploaded slips,
 * 10 a page, each with its time, amount, status (SUCCESS, FAILED, otherwise in progress), the
 * reason of a refused one and a link to its picture (a short-lived signed link). While a slip
 * is being checked the page is read again; once one is settled, the wallet and statement are.
 */
export function SlipModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery({
    ...slipsQueryOptions(page, paging.slip),
    enabled: opened,
  });
  const processing = data?.slips.filter((slip) => slip.status === 'processing').length ?? 0;
  const before = useRef(processing);
  useEffect(() => {
    if (processing < before.current) void refreshMoneyViews();
    before.current = processing;
  }, [processing]);

  return (
    <AppModal opened={opened} onClose={onClose} title={t('statement.slipTitle')}>
      <Stack gap="md">
        <PagedList
          items={data?.slips}
          pending={isPending && !isError}
          empty={t('statement.slipEmpty')}
          render={(slip) => <SlipCard key={slip._id} slip={slip} />}
        />
        <Pager
          page={page}
          totalPages={pageCount(data?.total ?? 0, paging.slip)}
          onChange={setPage}
          label={t('statement.slipPages')}
        />
      </Stack>
    </AppModal>
  );
}
