import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';
import { CollectInviteButton } from './collect-invite-button';

/**
 * Home's referral-bonus card (the spec's screens): the invite bonus ready to collect and its
 * receive button. Fixed sizes and no measuring: it sits in the home screen's first paint.
 */
export function ReferralCard({ amount }: { amount: number | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Paper p="md" radius="lg" withBorder component="section" aria-label={t('wallet.inviteTitle')}>
      <Group wrap="nowrap" gap="sm">
        <ThemeIcon size={42} radius="xl" variant="light" aria-hidden>
          <IconUsersGroup size={22} />
        </ThemeIcon>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{t('wallet.inviteTitle')}</Text>
          <Text size="xs" c="dimmed">
            {t('wallet.inviteHint')}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          {amount === undefined ? (
            <Skeleton h={22} w={80} />
          ) : (
            <Text fw={700} c="gold.4" data-testid="invite-amount">
              {money(amount)}
            </Text>
          )}
          <CollectInviteButton
            amount={amount}
            label={t('invite.collectReferral')}
            size="compact-sm"
            radius="xl"
          />
        </Stack>
      </Group>
    </Paper>
  );
}
