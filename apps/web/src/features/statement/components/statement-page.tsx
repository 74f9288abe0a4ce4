import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { paging } from '@wallet/contract/constants';
import { type StatementEntry, statementNoteKeys, statusDisplay } from '@wallet/contract/statement';
import { ADJUSTMENT_ACCOUNT, WALLET_ACCOUNT } from '@wallet/contract/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../../../components/ui/lazy-overlay';
import { Pager } from '../../../components/ui/pager';
import { useMoney } from '../../../hooks/use-money';
import { formatDateTime } from '../../../lib/format';
import { pageCount } from '../../../lib/page-range';
import { useWallet } from '../../wallet/api/get-wallet';
import { useStatement } from '../api/get-statement';
import { statusColor } from '../status-color';
import { PagedList } from './paged-list';

const SlipModal = lazyOverlay(
  async () => (await import('./slip-modal')).SlipModal,
  (props) => props.opened,
);

/** The spec's entities: WALLET reads 'Wallet', a game code its provider's name, others as given. */
function useAccountName(): (account: string) => string {
  const { t } = useTranslation();
  const { data: wallet } = useWallet();
  return (account) => {
    if (account === WALLET_ACCOUNT) return t('wallet.wallet');
    if (account === ADJUSTMENT_ACCOUNT) return t('statement.adjustment');
    return wallet?.slots.find((slot) => slot.code === account)?.name ?? account;
  };
}

function EntryCard({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation();
  const money = useMoney();
  const accountName = useAccountName();
  const status = statusDisplay(entry.status);
  const notes = statementNoteKeys.flatMap((key) => entry[key]?.description ?? []);
  return (
    <Paper p="sm" radius="md" withBorder component="li" data-testid="statement-entry">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{t(`statement.type.${entry.statementType}`)}</Text>
          <Text size="xs" c="dimmed">
            {t('statement.route', { from: accountName(entry.from), to: accountName(entry.to) })}
          </Text>
          {notes.map((note) => (
            <Text key={note} size="xs" c="dimmed">
              {note}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.createdAt)}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} c="gold.4">
            {money(entry.amount)}
          </Text>
          <Badge size="sm" variant="light" color={statusColor[status]}>
            {t(`statement.status.${status}`)}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /user/statement (the spec's screens and calls): the member's entries, 10 a page. A failed load
 * is ignored on purpose (the spec's calls): the loader goes away and the list stays as it was.
 */
export function StatementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const { data, isPending, isError } = useStatement(page, paging.statement);
  const totalPages = pageCount(data?.total ?? 0, paging.statement);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">
          {t('statement.title')}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconReceipt size={16} aria-hidden />}
          onClick={() => setSlipsOpen(true)}
        >
          {t('statement.slipStatus')}
        </Button>
      </Group>
      <PagedList
        items={data?.statements}
        pending={isPending && !isError}
        empty={t('statement.empty')}
        render={(entry) => <EntryCard key={entry._id} entry={entry} />}
      />
      <Pager page={page} totalPages={totalPages} onChange={setPage} label={t('statement.pages')} />
      <SlipModal opened={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </Stack>
  );
}
