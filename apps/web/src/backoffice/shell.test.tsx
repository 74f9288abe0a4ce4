import { screen, within } from '@testing-library/react';
import { type StaffRole, staffRoles } from '@wallet/contract/staff';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareBackofficeTests } from '../features/backoffice/test-fixtures';
import { renderWithProviders } from '../test/render';
import { SectionNav } from './shell';

/** The navbar's sections for each role: the contract's table (docs/backoffice.md, Roles). */
const finance = [
  'Dashboard',
  'Members',
  'Adjustments',
  'Bank transfers',
  'Slips to check',
  'Withdrawals',
  'Held transfers',
  'Support chat',
  'Reports',
  'Promotions',
  'Settings',
  'Content',
  'My sessions',
];
const expected: Record<StaffRole, string[]> = {
  admin: [...finance.slice(0, -1), 'Staff', 'Audit log', 'My sessions'],
  finance,
  support: ['Dashboard', 'Members', 'Held transfers', 'Support chat', 'My sessions'],
  viewer: [
    'Dashboard',
    'Members',
    'Withdrawals',
    'Held transfers',
    'Support chat',
    'Reports',
    'My sessions',
  ],
};

function renderNav(role: StaffRole, at = '/backoffice/members') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <nav aria-label="Sections">
            <SectionNav role={role} />
          </nav>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation', { name: 'Sections' }));
}

beforeAll(prepareBackofficeTests);

describe('the back office navbar', () => {
  it.each(staffRoles)('shows %s only the sections the role may use, in order', (role) => {
    const nav = renderNav(role);
    const links = nav.getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(expected[role]);
  });

  it('links each section to its address and marks the open one', () => {
    const nav = renderNav('finance', '/backoffice/withdrawals');
    expect(nav.getByRole('link', { name: 'Withdrawals' })).toHaveAttribute(
      'href',
      '/backoffice/withdrawals',
    );
    expect(nav.getByRole('link', { name: 'Withdrawals' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Members' })).not.toHaveAttribute('aria-current');
  });

  it("keeps Members marked on a member's page", () => {
    const nav = renderNav('support', '/backoffice/members/12');
    expect(nav.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
  });
});
