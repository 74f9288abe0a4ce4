import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconCash,
  IconFileText,
  IconGift,
  IconHeadset,
  IconHistory,
  IconHome,
  IconLogout,
  IconPlus,
  IconReceiptRefund,
  IconRefresh,
  IconUserCircle,
  IconUserPlus,
  IconWallet,
  IconWheel,
} from '@tabler/icons-react';

import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import type { ActionEntry } from '../../components/ui/action-drawer';
import { BottomNav, type BottomNavItem } from '../../components/ui/bottom-nav';
import { BrandMark } from '../../components/ui/brand-mark';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { lazyOverlay } from '../../components/ui/lazy-overlay';
import { useProfile } from '../../features/account/api/get-profile';
import { logout } from '../../features/auth/api/logout';
import { ChatLauncher } from '../../features/chat/components/chat-launcher';
import { InviteOverlays, useInviteFlow } from '../../features/invite/components/invite-overlays';
import { SiteCredit } from '../../features/lookup/components/site-credit';
import { useSiteName } from '../../features/lookup/use-site-title';
import { RefundOverlays, useRefundFlow } from '../../features/refund/components/refund-overlays';
import { useSpinActive } from '../../features/spin/api/get-spin-active';
import { useWallet } from '../../features/wallet/api/get-wallet';
import { useRefreshWallet } from '../../features/wallet/api/refresh-wallet';
import { useMoney } from '../../hooks/use-money';
import { showErrorAlert, showSuccessAlert } from '../../lib/alerts';
import { formatDateTime } from '../../lib/format';
import { useMoneyModals } from '../../lib/money-modals';
import { paths } from '../../lib/navigation';
import { useSessionStore } from '../../lib/session-store';

/**
 * The shell's overlays: none is needed to show a screen, so each loads when first opened
 * (components/ui/lazy-overlay.tsx). The transfer and withdraw modals are opened from the home
 * screen and the plus drawer alike (lib/money-modals.ts).
 */
const ActionDrawer = lazyOverlay(
  async () => (await import('../../components/ui/action-drawer')).ActionDrawer,
  (props) => props.opened,
);
const ConditionsModal = lazyOverlay(
  async () => (await import('../../features/lookup/components/conditions-modal')).ConditionsModal,
  (props) => props.opened,
);
const DepositModal = lazyOverlay(
  async () => (await import('./deposit-overlay')).DepositOverlay,
  (props) => props.opened,
);
const TransferModal = lazyOverlay(
  async () => (await import('../../features/wallet/components/transfer-modal')).TransferModal,
  (props) => props.opened,
);
const WithdrawModal = lazyOverlay(
  async () => (await import('../../features/wallet/components/withdraw-modal')).WithdrawModal,
  (props) => props.opened,
);

function MoneyModals() {
  const opened = useMoneyModals((s) => s.opened);
  const close = useMoneyModals((s) => s.close);
  return (
    <>
      <DepositModal opened={opened === 'deposit'} onClose={close} />
      <TransferModal opened={opened === 'transfer'} onClose={close} />
      <WithdrawModal opened={opened === 'withdraw'} onClose={close} />
    </>
  );
}

/**
 * The plus-button entries. The spec lists deposit, spin (or balance refresh), withdraw, invite,
 * bonus and refund; transfer sits beside withdraw. Balance refresh stands where the spin entry
 * goes while no wheel runs. Invite and refund show their banners first (banners-first.tsx).
 */
function useActionEntries(): ActionEntry[] {
  const { t } = useTranslation();
  const money = useMoney();
  const open = useMoneyModals((s) => s.open);
  const { data: wallet } = useWallet();
  const lastSync = useSessionStore((s) => s.lastSync);
  const refresh = useRefreshWallet();
  const spinActive = useSpinActive();
  const navigate = useNavigate();
  // The spec's screens: the spin entry with the coin count while the wheel runs, else balance
  // refresh with the total and the last sync time.
  const spinOrRefresh: ActionEntry = spinActive
    ? {
        key: 'spin',
        label: t('spin.title'),
        icon: <IconWheel size={26} aria-hidden />,
        hint: t('spin.coins', { count: wallet?.profile.coin ?? 0 }),
        onSelect: () => void navigate(paths.spin),
      }
    : {
        key: 'refresh',
        label: t('wallet.balanceRefresh'),
        icon: <IconRefresh size={26} aria-hidden />,
        hint: wallet
          ? [money(wallet.total), lastSync ? formatDateTime(lastSync) : '']
              .filter(Boolean)
              .join(' · ')
          : undefined,
        onSelect: () =>
          refresh.mutate(undefined, {
            onSuccess: () => showSuccessAlert(t('wallet.refreshed')),
            onError: showErrorAlert,
          }),
      };
  return [
    {
      key: 'deposit',
      label: t('wallet.deposit'),
      icon: <IconWallet size={26} aria-hidden />,
      onSelect: () => open('deposit'),
    },
    spinOrRefresh,
    {
      key: 'withdraw',
      label: t('wallet.withdraw'),
      icon: <IconCash size={26} aria-hidden />,
      onSelect: () => open('withdraw'),
    },
    {
      key: 'transfer',
      label: t('wallet.transfer'),
      icon: <IconArrowsExchange size={26} aria-hidden />,
      onSelect: () => open('transfer'),
    },
    {
      key: 'invite',
      label: t('invite.entry'),
      icon: <IconUserPlus size={26} aria-hidden />,
      onSelect: () => void useInviteFlow.getState().start(),
    },
    {
      key: 'bonus',
      label: t('bonus.title'),
      icon: <IconGift size={26} aria-hidden />,
      onSelect: () => void navigate(paths.bonus),
    },
    {
      key: 'refund',
      label: t('refund.title'),
      icon: <IconReceiptRefund size={26} aria-hidden />,
      onSelect: () => void useRefundFlow.getState().start(),
    },
  ];
}

/**
 * The plus drawer with its entries. The entries read the wallet, the last sync time and the
 * wheel, which change while the home loads; read here, those changes redraw this closed drawer
 * rather than the whole shell (docs/performance.md).
 */
function PlusDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useActionEntries();
  return (
    <ActionDrawer opened={opened} onClose={onClose} title={t('actions.title')} entries={entries} />
  );
}

/** The member's shell (the spec's screens): top bar, bottom menu, plus drawer, conditions. */
export function UserShell() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { data: profile } = useProfile();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [conditionsOpened, conditions] = useDisclosure(false);

  const items: BottomNavItem[] = [
    { key: 'home', label: t('nav.home'), icon: <IconHome size={22} />, to: paths.home },
    {
      key: 'statement',
      label: t('nav.statement'),
      icon: <IconHistory size={22} />,
      to: paths.statement,
    },
    {
      key: 'actions',
      label: t('nav.actions'),
      icon: <IconPlus size={28} stroke={2.5} />,
      onClick: drawer.open,
      prominent: true,
    },
    {
      key: 'conditions',
      label: t('nav.conditions'),
      icon: <IconFileText size={22} />,
      onClick: conditions.open,
    },
    {
      key: 'contact',
      label: t('nav.contact'),
      icon: <IconHeadset size={22} />,
      to: paths.userContact,
    },
  ];

  return (
    <div className="wallet-column">
      <header className="wallet-topbar">
        <UnstyledButton
          component={Link}
          to={paths.home}
          aria-label={siteName ?? t('common.appName')}
        >
          <BrandMark size={34} />
        </UnstyledButton>
        <Text fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
          {profile?.profile.name ?? ''}
        </Text>
        <Group gap={4} wrap="nowrap">
          <LanguageSwitch />
          <ActionIcon
            component={Link}
            to={paths.profile}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('nav.profile')}
          >
            <IconUserCircle size={22} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => void logout()}
            aria-label={t('nav.logout')}
          >
            <IconLogout size={22} />
          </ActionIcon>
        </Group>
      </header>
      <main className="wallet-main">
        <Outlet />
        <SiteCredit />
      </main>
      <BottomNav label={t('nav.menu')} items={items} />
      <PlusDrawer opened={drawerOpened} onClose={drawer.close} />
      <ConditionsModal opened={conditionsOpened} onClose={conditions.close} />
      <MoneyModals />
      <InviteOverlays />
      <RefundOverlays />
      <ChatLauncher as="member" />
    </div>
  );
}
