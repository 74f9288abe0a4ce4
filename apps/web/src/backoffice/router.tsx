import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  redirect,
  useNavigation,
  useRouteError,
} from 'react-router';
import { backofficePaths } from '../features/backoffice/paths';
import type { SectionKey } from '../features/backoffice/sections';
import { requireSection, requireStaff, skipStaffLogin, staffHome } from './guards';

/**
 * The back office's router: every path under /backoffice, guards as loaders and screens as lazy
 * routes, as in the member app (app/router.tsx). The shell (navbar, header) is the parent of
 * every section; each section's guard checks the role against the contract's table.
 */

type Guard = () => string | null | Promise<string | null>;

const guarded = (guard: Guard) => async () => {
  const to = await guard();
  if (to) throw redirect(to);
  return null;
};

const goHome = async () => redirect(await staffHome());

/** A screen in its own chunk, fetched the first time a route shows it. */
const screen =
  <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

function Loading() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** A screen that throws, or a failed chunk or guard, shows a way out instead of a blank page. */
function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={360} ta="center">
        <Title order={1} size="h3">
          {t('common.errorTitle')}
        </Title>
        <Text c="dimmed">{t('common.somethingWentWrong')}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Center>
  );
}

function RootLayout() {
  const loading = useNavigation().state !== 'idle';
  return (
    <>
      {loading && <div className="wallet-route-progress" aria-hidden />}
      <Outlet />
    </>
  );
}

const screens: Record<SectionKey, RouteObject['lazy']> = {
  dashboard: screen(
    () => import('../features/backoffice/components/dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  members: screen(
    () => import('../features/backoffice/components/members/members-page'),
    (m) => m.MembersPage,
  ),
  adjustments: screen(
    () => import('../features/backoffice/components/adjustments/adjustments-page'),
    (m) => m.AdjustmentsPage,
  ),
  bankTransfers: screen(
    () => import('../features/backoffice/components/bank-transfers/bank-transfers-page'),
    (m) => m.BankTransfersPage,
  ),
  slips: screen(
    () => import('../features/backoffice/components/slips/slips-page'),
    (m) => m.SlipsPage,
  ),
  withdrawals: screen(
    () => import('../features/backoffice/components/withdrawals/withdrawals-page'),
    (m) => m.WithdrawalsPage,
  ),
  heldTransfers: screen(
    () => import('../features/backoffice/components/held-transfers/held-transfers-page'),
    (m) => m.HeldTransfersPage,
  ),
  chat: screen(
    () => import('../features/backoffice/components/staff-chat-page'),
    (m) => m.StaffChatPage,
  ),
  reports: screen(
    () => import('../features/backoffice/components/reports/reports-page'),
    (m) => m.ReportsPage,
  ),
  promotions: screen(
    () => import('../features/backoffice/components/promotions/promotions-page'),
    (m) => m.PromotionsPage,
  ),
  settings: screen(
    () => import('../features/backoffice/components/settings/settings-page'),
    (m) => m.SettingsPage,
  ),
  content: screen(
    () => import('../features/backoffice/components/content/content-page'),
    (m) => m.ContentPage,
  ),
  staff: screen(
    () => import('../features/backoffice/components/staff/staff-page'),
    (m) => m.StaffPage,
  ),
  audit: screen(
    () => import('../features/backoffice/components/audit/audit-page'),
    (m) => m.AuditPage,
  ),
  sessions: screen(
    () => import('../features/backoffice/components/sessions/sessions-page'),
    (m) => m.SessionsPage,
  ),
};

export const backofficeRoutes: RouteObject[] = [
  {
    id: 'backoffice',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        path: backofficePaths.login,
        loader: guarded(skipStaffLogin),
        lazy: screen(
          () => import('../features/backoffice/components/staff-login-page'),
          (m) => m.StaffLoginPage,
        ),
      },
      {
        id: 'backoffice-shell',
        path: backofficePaths.home,
        loader: guarded(requireStaff),
        // The shell re-renders on every change of the address; its guard asked the server once.
        shouldRevalidate: () => false,
        lazy: screen(
          () => import('./shell'),
          (m) => m.BackofficeShell,
        ),
        children: [
          { index: true, loader: goHome },
          ...(Object.keys(screens) as SectionKey[]).map(
            (key): RouteObject => ({
              path: backofficePaths[key],
              loader: guarded(() => requireSection(key)),
              lazy: screens[key],
            }),
          ),
          {
            // A member's page, part of the Members section (its navbar entry stays marked).
            path: backofficePaths.member,
            loader: guarded(() => requireSection('members')),
            lazy: screen(
              () => import('../features/backoffice/components/members/member-page'),
              (m) => m.MemberPage,
            ),
          },
          { path: '*', loader: goHome },
        ],
      },
      { path: '*', loader: () => redirect(backofficePaths.home) },
    ],
  },
];

export const createBackofficeRouter = () => createBrowserRouter(backofficeRoutes);
