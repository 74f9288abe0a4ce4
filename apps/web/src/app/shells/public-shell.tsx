import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconHeadset, IconLogin2, IconLogout, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BottomNav, type BottomNavItem } from '../../components/ui/bottom-nav';
import { BrandMark } from '../../components/ui/brand-mark';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { logout } from '../../features/auth/api/logout';
import { SiteCredit } from '../../features/lookup/components/site-credit';
import { useSiteName } from '../../features/lookup/use-site-title';
import { paths } from '../../lib/navigation';

/**
 * The visitors' shell (the spec's screens): login is its home; the bottom menu carries login,
 * register, contact and a logout item. Its loader has already dropped any stored session.
 */
export function PublicShell() {
  const { t } = useTranslation();
  const siteName = useSiteName() ?? t('common.appName');

  const items: BottomNavItem[] = [
    { key: 'login', label: t('nav.login'), icon: <IconLogin2 size={22} />, to: paths.login },
    {
      key: 'register',
      label: t('nav.register'),
      icon: <IconUserPlus size={22} />,
      to: paths.register,
    },
    { key: 'contact', label: t('nav.contact'), icon: <IconHeadset size={22} />, to: paths.contact },
    {
      key: 'logout',
      label: t('nav.logout'),
      icon: <IconLogout size={22} />,
      onClick: () => void logout(),
    },
  ];

  return (
    <div className="wallet-column">
      <header className="wallet-topbar">
        <UnstyledButton component={Link} to={paths.login} aria-label={siteName}>
          <Group gap="xs" wrap="nowrap">
            <BrandMark size={34} />
            <Text fw={700} size="lg" className="wallet-gold-text" truncate>
              {siteName}
            </Text>
          </Group>
        </UnstyledButton>
        <div style={{ flex: 1 }} />
        <LanguageSwitch />
      </header>
      <main className="wallet-main">
        <Outlet />
        <SiteCredit />
      </main>
      <BottomNav label={t('nav.menu')} items={items} />
    </div>
  );
}
