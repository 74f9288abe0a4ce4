import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { sectionsNav, staffPage } from '../support/staff';

test('an admin reads the audit log, checks its chain, exports it, and ends a session of their own', async ({
  browser,
  baseURL,
}) => {
  // Two sessions of the admin: one to end from the other.
  const other = await staffPage(browser, baseURL ?? '', 'admin');
  const { context, page } = await staffPage(browser, baseURL ?? '', 'admin');
  await expect(sectionsNav(page).getByRole('link')).toHaveText([
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
    'Staff',
    'Audit log',
    'My sessions',
  ]);

  await sectionsNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/backoffice\/audit$/);
  const signIns = page.getByRole('row').filter({ hasText: 'admin' });
  await expect(signIns.first()).toBeVisible();
  await page.getByRole('button', { name: 'Check the chain' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^The chain holds over \d+ entries\.$/ }),
  ).toBeVisible();

  // Filtered by staff member, then one row opened on its state before and after.
  await page.getByLabel('Staff', { exact: true }).fill('admin');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('admin');
  await page.getByRole('row').nth(1).getByRole('cell').first().click();
  await expect(page.getByText('Before', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/audit.png' });
  await expectAccessible(page, 'audit log, a row open');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFid,at,staff,action,target,reason,ip,before,after');
  expect(csv).toContain(',admin,');

  // The admin's sessions: this browser's and the other's; ending the other's signs it out.
  await sectionsNav(page).getByRole('link', { name: 'My sessions' }).click();
  await expect(page).toHaveURL(/\/backoffice\/sessions$/);
  await expect(page.getByText('This browser')).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/sessions.png' });
  await expectAccessible(page, 'my sessions');
  const others = page
    .getByRole('row')
    .filter({ hasNotText: 'This browser' })
    .filter({ hasText: 'admin' });
  const before = await others.count();
  expect(before).toBeGreaterThan(0);

  await sectionsNav(page).getByRole('link', { name: 'Support chat' }).click();
  await expect(page.getByRole('heading', { name: 'Support chat' })).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/chat.png' });

  // The session this browser holds ends from here: signed out to the login.
  await sectionsNav(page).getByRole('link', { name: 'My sessions' }).click();
  const mine = page.getByRole('row').filter({ hasText: 'This browser' });
  await mine.getByRole('button', { name: /^End session \d+$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/login.png' });
  await expectAccessible(page, 'staff sign-in');

  // The other session still holds.
  await other.page.reload();
  await expect(sectionsNav(other.page)).toBeVisible();
  await other.context.close();
  await context.close();
});
