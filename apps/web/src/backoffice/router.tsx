import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  redirect,
  useNavigation,
} from 'react-router';
import { RouteError } from '../components/ui/route-error';
import { backofficePaths } from '../features/backoffice/paths';
import type { SectionKey } from '../features/backoffice/sections';
import { guarded, screen } from '../lib/routing';
import { requireSection, requireStaff, skipStaffLogin, staffHome } from './guards';

/**
 * The back office's router: every path under /backoffice, guards as loaders and screens as lazy
 * routes, as in the member app (app/router.tsx). The shell (navbar, header) is the parent of
 * every section; each section's guard checks the role against the contract's table.
 */

const goHome = async () => redirect(await staffHome());

function Loading() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader aria-label={t('common.loading')} />
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
    errorElement: <RouteError />,
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
