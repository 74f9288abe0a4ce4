import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import {
  IconArrowsExchange,
  IconCash,
  IconFileText,
  IconHeadset,
  IconHistory,
  IconHome,
  IconLogout,
  IconPlus,
  IconRefresh,
  IconUserCircle,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ActionDrawer, type ActionEntry } from '../../components/ui/action-drawer';
import { BottomNav, type BottomNavItem } from '../../components/ui/bottom-nav';
import { BrandMark } from '../../components/ui/brand-mark';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { Link } from '../../components/ui/link';
import { useProfile } from '../../features/account/api/get-profile';
import { logout } from '../../features/auth/api/logout';
import { ConditionsModal } from '../../features/lookup/components/conditions-modal';
import { SiteCredit } from '../../features/lookup/components/site-credit';
import { useSiteName } from '../../features/lookup/use-site-title';
import { useWallet } from '../../features/wallet/api/get-wallet';
import { useRefreshWallet } from '../../features/wallet/api/refresh-wallet';
import { useBaht } from '../../features/wallet/components/money';
import { showErrorAlert, showSuccessAlert } from '../../lib/alerts';
import { formatDateTime } from '../../lib/format';
import { useMoneyModals } from '../../lib/money-modals';
import { paths } from '../../lib/navigation';
import { useSessionStore } from '../../lib/session-store';
import { whenSettled } from '../../lib/when-settled';

/**
 * The transfer and withdraw modals (with their forms and schemas) are not needed to show the
 * home screen: they load when the browser is idle, or when one is first opened.
 */
const loadMoneyModals = () =>
  Promise.all([
    import('../../features/wallet/components/transfer-modal'),
    import('../../features/wallet/components/withdraw-modal'),
  ]);
const TransferModal = lazy(async () => ({ default: (await loadMoneyModals())[0].TransferModal }));
const WithdrawModal = lazy(async () => ({ default: (await loadMoneyModals())[1].WithdrawModal }));

/** Mounts the money modals once one is first wanted, and fetches them when the browser is idle. */
function MoneyModals() {
  const opened = useMoneyModals((s) => s.opened);
  const close = useMoneyModals((s) => s.close);
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  useEffect(() => whenSettled(() => void loadMoneyModals().catch(() => undefined)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <TransferModal opened={opened === 'transfer'} onClose={close} />
      <WithdrawModal opened={opened === 'withdraw'} onClose={close} />
    </Suspense>
  );
}

/**
 * The plus-button entries. SPEC.md lists deposit, withdraw, invite, bonus, refund and spin (or
 * balance refresh); each arrives with its own feature and is added here then. Balance refresh
 * stands where the spin entry goes while the spin feature is not active (it does not exist yet).
 */
function useActionEntries(): ActionEntry[] {
  const { t } = useTranslation();
  const baht = useBaht();
  const open = useMoneyModals((s) => s.open);
  const { data: wallet } = useWallet();
  const lastSync = useSessionStore((s) => s.lastSync);
  const refresh = useRefreshWallet();
  return [
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
      key: 'refresh',
      label: t('wallet.balanceRefresh'),
      icon: <IconRefresh size={26} aria-hidden />,
      hint: wallet
        ? [baht(wallet.total), lastSync ? formatDateTime(lastSync) : ''].filter(Boolean).join(' · ')
        : undefined,
      onSelect: () =>
        refresh.mutate(undefined, {
          onSuccess: () => showSuccessAlert(t('wallet.refreshed')),
          onError: showErrorAlert,
        }),
    },
  ];
}

/** The member's shell (SPEC.md section 2): top bar, bottom menu, plus drawer, conditions. */
export function UserShell() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { data: profile } = useProfile();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [conditionsOpened, conditions] = useDisclosure(false);
  const entries = useActionEntries();

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

  // The modals manager (confirmations of money actions) only serves members, so it loads with
  // this shell rather than with /login.
  return (
    <ModalsProvider>
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
        <ActionDrawer
          opened={drawerOpened}
          onClose={drawer.close}
          title={t('actions.title')}
          entries={entries}
        />
        <ConditionsModal opened={conditionsOpened} onClose={conditions.close} />
        <MoneyModals />
      </div>
    </ModalsProvider>
  );
}
