import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconCoins, IconRefresh } from '@tabler/icons-react';
import type { UserInfo } from '@wallet/contract/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';
import { showErrorAlert } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useRefreshWallet } from '../api/refresh-wallet';

type WalletKind = 'cash' | 'bonus';

/**
 * The wallet card (the spec's screens): the total in the wallet's currency (wallet + every game), the last sync
 * time, a refresh button, the cash/bonus switch, and the spin coin-count button while the wheel
 * runs (`onSpin`). The app is one phone-wide column, so the
 * two wallet cards always toggle (the spec: "on mobile the two wallet cards toggle"): two tabs,
 * each showing its wallet. (Tabs rather than a SegmentedControl, whose sliding indicator
 * measures the page while the home is being built: docs/performance.md.)
 */
export function WalletCard({
  wallet,
  onSpin,
}: {
  wallet: UserInfo | undefined;
  onSpin?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const lastSync = useSessionStore((s) => s.lastSync);
  const refresh = useRefreshWallet();
  const [kind, setKind] = useState<WalletKind>('cash');

  return (
    <Paper p="lg" radius="lg" className="wallet-hero-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t('wallet.total')}
            </Text>
            {wallet ? (
              <Text
                fz={30}
                fw={700}
                lh={1.1}
                className="wallet-gold-text"
                data-testid="wallet-total"
              >
                {money(wallet.total)}
              </Text>
            ) : (
              <Skeleton height={34} width={180} />
            )}
            <Text size="xs" c="dimmed">
              {lastSync
                ? t('wallet.lastSync', { time: formatDateTime(lastSync) })
                : t('wallet.notSynced')}
            </Text>
          </Stack>
          {/* Stacked, so the total keeps the card's width. */}
          <Stack gap={8} align="flex-end" style={{ flexShrink: 0 }}>
            <ActionIcon
              variant="light"
              size="xl"
              radius="xl"
              aria-label={t('wallet.refresh')}
              loading={refresh.isPending}
              onClick={() => refresh.mutate(undefined, { onError: showErrorAlert })}
            >
              <IconRefresh size={22} aria-hidden />
            </ActionIcon>
            {onSpin && wallet && (
              <Button
                variant="light"
                radius="xl"
                size="compact-sm"
                leftSection={<IconCoins size={16} aria-hidden />}
                aria-label={t('spin.openWheel', { count: wallet.profile.coin })}
                onClick={onSpin}
              >
                {wallet.profile.coin}
              </Button>
            )}
          </Stack>
        </Group>
        <Tabs
          variant="pills"
          radius="xl"
          value={kind}
          onChange={(value) => setKind(value === 'bonus' ? 'bonus' : 'cash')}
        >
          <Tabs.List grow aria-label={t('wallet.kind')} className="wallet-kind-tabs">
            <Tabs.Tab value="cash">{t('wallet.cash')}</Tabs.Tab>
            <Tabs.Tab value="bonus">{t('wallet.bonus')}</Tabs.Tab>
          </Tabs.List>
          {(['cash', 'bonus'] as const).map((panel) => (
            <Tabs.Panel key={panel} value={panel} pt="sm">
              <Paper p="md" radius="md" bg="rgba(8, 15, 36, 0.55)">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {panel === 'cash' ? t('wallet.cashWallet') : t('wallet.bonusWallet')}
                  </Text>
                  {wallet ? (
                    <Text fw={700}>{money(wallet.wallet[panel])}</Text>
                  ) : (
                    <Skeleton height={18} width={90} />
                  )}
                </Group>
              </Paper>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}
