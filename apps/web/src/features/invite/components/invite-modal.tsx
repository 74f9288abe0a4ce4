import { ActionIcon, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { paging } from '@wallet/contract/constants';
import { type InviteRow, inviteLink } from '@wallet/contract/invite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { Figure } from '../../../components/ui/figure';
import { type PagedColumn, PagedTable } from '../../../components/ui/paged-table';
import { Pager } from '../../../components/ui/pager';
import { useMoney } from '../../../hooks/use-money';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { pageCount } from '../../../lib/page-range';
import { useProfile } from '../../account/api/get-profile';
import { useWallet } from '../../wallet/api/get-wallet';
import { useInvites } from '../api/get-invites';
import { CollectInviteButton } from './collect-invite-button';

/** The invited friends, 10 a page (the spec's screens and constants and limits); a failed page is ignored (7). */
function InvitedFriends({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useInvites(page, opened);
  const columns: PagedColumn<InviteRow>[] = [
    { key: 'name', header: t('invite.friend'), cell: (row) => row.from.name },
    {
      key: 'amount',
      header: t('invite.earned'),
      align: 'right',
      cell: (row) => (
        <Text size="sm" fw={600} c="gold.4" style={{ whiteSpace: 'nowrap' }}>
          {money(row.amount)}
        </Text>
      ),
    },
    {
      key: 'date',
      header: t('invite.date'),
      align: 'right',
      cell: (row) => <Text size="xs">{formatDateTime(row.createdAt)}</Text>,
    },
  ];
  return (
    <PagedTable
      title={t('invite.friends')}
      columns={columns}
      rows={data?.invites}
      rowKey={(row, index) => `${page}:${index}:${row.createdAt}`}
      pending={isPending && !isError && opened}
      empty={t('invite.empty')}
    >
      <Pager
        page={page}
        totalPages={pageCount(data?.total ?? 0, paging.invite)}
        onChange={setPage}
        label={t('invite.pages')}
      />
    </PagedTable>
  );
}

/**
 * The invite modal (the spec's screens and states): the member's link `{origin}/register?code=PR{id}`
 * with a copy action, the invite bonus ready with its rates and the collect button, and the
 * friends who signed up with the link.
 */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { data: profile } = useProfile();
  const { data: wallet } = useWallet();
  const link = profile ? inviteLink(window.location.origin, profile.profile._id) : '';

  return (
    <AppModal opened={opened} onClose={onClose} title={t('invite.title')}>
      <Stack gap="md">
        <TextInput
          label={t('invite.link')}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <ActionIcon
              variant="subtle"
              aria-label={t('invite.copy')}
              disabled={!link}
              onClick={() => void copyText(link)}
            >
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          }
        />
        <Paper p="md" radius="lg" className="wallet-hero-card">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Figure
                big
                label={t('invite.ready')}
                value={wallet ? money(wallet.inviteAmount) : ''}
                testId="invite-ready"
              />
              <CollectInviteButton
                amount={wallet?.inviteAmount}
                label={t('invite.collectInvite')}
                radius="xl"
              />
            </Group>
            {wallet && (
              <Text size="xs" c="dimmed" data-testid="invite-rates">
                {t('invite.rates', { fail: wallet.inviteFail, success: wallet.inviteSuccess })}
              </Text>
            )}
          </Stack>
        </Paper>
        <InvitedFriends opened={opened} />
      </Stack>
    </AppModal>
  );
}
