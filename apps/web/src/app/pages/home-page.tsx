import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowsExchange, IconCash, IconWallet } from '@tabler/icons-react';
import type { GameProviderCode } from '@wallet/contract/constants';
import { timings } from '@wallet/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../../components/ui/lazy-overlay';
import { ReferralCard } from '../../features/invite/components/referral-card';
import { AgreementModal } from '../../features/lookup/components/agreement-modal';
import { useSpinActive } from '../../features/spin/api/get-spin-active';
import { useWallet } from '../../features/wallet/api/get-wallet';
import { refreshWallet } from '../../features/wallet/api/refresh-wallet';
import { GameRow } from '../../features/wallet/components/game-row';
import { WalletCard } from '../../features/wallet/components/wallet-card';
import { useMoneyModals } from '../../lib/money-modals';
import { useLater } from '../../lib/use-later';

const GameAccountModal = lazyOverlay(
  async () => (await import('../../features/games/components/game-account-modal')).GameAccountModal,
  (props) => props.game !== null,
);
const SpinModal = lazyOverlay(
  async () => (await import('../../features/spin/components/spin-modal')).SpinModal,
  (props) => props.opened,
);

/**
 * /user/home (the spec's screens): the wallet card, the referral-bonus card, and the slot, sport
 * and lotto carousels. The providers' balances are asked for again 200 ms after entry.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { data: wallet } = useWallet();
  const later = useLater();
  const openModal = useMoneyModals((s) => s.open);
  const [game, setGame] = useState<GameProviderCode | null>(null);
  const spinActive = useSpinActive();
  const [spinOpened, setSpinOpened] = useState(false);

  useEffect(() => {
    // A failed background refresh keeps the balances already shown; the button tells errors.
    // Called directly rather than as a mutation: its pending state would redraw the whole home.
    later(() => void refreshWallet().catch(() => undefined), timings.homeWalletRefreshDelayMs);
  }, [later]);

  return (
    <Stack gap="lg">
      <AgreementModal />
      <WalletCard wallet={wallet} onSpin={spinActive ? () => setSpinOpened(true) : undefined} />
      <Button
        size="md"
        leftSection={<IconWallet size={20} aria-hidden />}
        onClick={() => openModal('deposit')}
      >
        {t('wallet.deposit')}
      </Button>
      <SimpleGrid cols={2} spacing="sm">
        <Button
          variant="light"
          leftSection={<IconArrowsExchange size={18} aria-hidden />}
          onClick={() => openModal('transfer')}
        >
          {t('wallet.transfer')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconCash size={18} aria-hidden />}
          onClick={() => openModal('withdraw')}
        >
          {t('wallet.withdraw')}
        </Button>
      </SimpleGrid>
      <ReferralCard amount={wallet?.inviteAmount} />
      {wallet && (
        <>
          <GameRow title={t('wallet.slotTitle')} slots={wallet.slotAccount} onSelect={setGame} />
          <GameRow title={t('wallet.sportTitle')} slots={wallet.sportAccount} onSelect={setGame} />
          <GameRow title={t('wallet.lottoTitle')} slots={wallet.lottoAccount} onSelect={setGame} />
        </>
      )}
      <GameAccountModal game={game} onClose={() => setGame(null)} />
      <SpinModal opened={spinOpened} onClose={() => setSpinOpened(false)} />
    </Stack>
  );
}
