import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustmentsDollar,
  IconBuildingBank,
  IconCashBanknote,
  IconChartBar,
  IconDeviceDesktop,
  IconFileText,
  IconGift,
  IconHistory,
  IconHourglassHigh,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconReceipt,
  IconSettings,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import type { StaffProfile } from '@wallet/contract/staff';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../components/ui/brand-mark';
import { LanguageSwitch } from '../components/ui/language-switch';
import { useStaffProfile } from '../features/backoffice/api/get-staff-profile';
import { staffLogout } from '../features/backoffice/api/staff-logout';
import { FreshCodeModal } from '../features/backoffice/components/fresh-code-modal';
import { type SectionKey, sectionsFor } from '../features/backoffice/sections';

const icons: Record<SectionKey, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  dashboard: IconLayoutDashboard,
  members: IconUsers,
  adjustments: IconAdjustmentsDollar,
  bankTransfers: IconBuildingBank,
  slips: IconReceipt,
  withdrawals: IconCashBanknote,
  heldTransfers: IconHourglassHigh,
  chat: IconMessages,
  reports: IconChartBar,
  promotions: IconGift,
  settings: IconSettings,
  content: IconFileText,
  staff: IconUserShield,
  audit: IconHistory,
  sessions: IconDeviceDesktop,
};

/** The sections the role may use (features/backoffice/sections.ts), the open one marked. */
export function SectionNav({
  role,
  onNavigate,
}: {
  role: StaffProfile['role'];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {sectionsFor(role).map((section) => {
        const Icon = icons[section.key];
        const active = pathname === section.path || pathname.startsWith(`${section.path}/`);
        return (
          <NavLink
            key={section.key}
            component={Link}
            to={section.path}
            label={t(`backoffice.sections.${section.key}`)}
            leftSection={<Icon size={18} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}

type StaffHeaderProps = { staff: StaffProfile; navOpened: boolean; onToggleNav: () => void };

function StaffHeader({ staff, navOpened, onToggleNav }: StaffHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {/* Desktop first; on a phone the sections fold behind this button. */}
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('backoffice.shell.sections')}
        />
        <BrandMark size={28} />
        <Title order={2} size="h4">
          {t('backoffice.shell.title')}
        </Title>
      </Group>
      <Group gap="md" wrap="nowrap">
        <Stack gap={0} align="flex-end" visibleFrom="sm">
          <Text size="sm" fw={600} lh={1.3}>
            {staff.name || staff.username}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {staff.username}
          </Text>
        </Stack>
        <Badge variant="light" tt="none" visibleFrom="sm">
          {t(`backoffice.roles.${staff.role}`)}
        </Badge>
        <LanguageSwitch />
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void staffLogout()}
        >
          {t('backoffice.shell.signOut')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The back office around every section, desktop first: the header (who is signed in, in which
 * role, the language, sign out), the navbar of the sections the role may use, and the one
 * fresh-code dialog every money action shares (features/backoffice/fresh-code.ts).
 */
export function BackofficeShell() {
  const { t } = useTranslation();
  // The shell's guard has the profile in the cache.
  const { data: staff } = useStaffProfile();
  const [navOpened, nav] = useDisclosure(false);
  if (!staff) return null;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <StaffHeader staff={staff} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('backoffice.shell.sections')}>
        <SectionNav role={staff.role} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <FreshCodeModal />
    </AppShell>
  );
}
