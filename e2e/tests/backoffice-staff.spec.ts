import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from '../support/accessibility';
import { useEnglish } from '../support/members';
import { awaitFreshStep, desktop, sectionsNav, staffPage } from '../support/staff';

test('an admin adds a finance account; its first sign-in replaces the handed-over password, enrols an authenticator and opens the finance sections only', async ({
  browser,
  baseURL,
}) => {
  const username = `fin.${randomInt(1_000_000)}`;
  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  await sectionsNav(admin.page).getByRole('link', { name: 'Staff' }).click();
  await expect(admin.page).toHaveURL(/\/backoffice\/staff$/);
  await expect(admin.page.getByRole('row').filter({ hasText: 'finance-demo' })).toHaveCount(0);
  await expect(
    admin.page
      .getByRole('row')
      .filter({ hasText: /^admin/ })
      .first(),
  ).toBeVisible();

  await admin.page.getByRole('button', { name: 'Add staff' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Add staff' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Name', { exact: true }).fill('Pim Finance');
  await dialog.getByLabel('Role', { exact: true }).click();
  await admin.page.getByRole('option', { name: 'Finance' }).click();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  const shown = dialog.getByTestId('one-time-password');
  await expect(shown).not.toBeEmpty();
  const password = (await shown.textContent()) ?? '';
  await expect(
    dialog.getByText('It is shown this once and never again.', { exact: false }),
  ).toBeVisible();
  await admin.page.screenshot({ path: '/tmp/bo-shots/staff-created.png' });
  await expectAccessible(admin.page, 'staff: a new account and its password');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const row = admin.page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Finance');
  await expect(row).toContainText('No authenticator yet');
  await admin.page.screenshot({ path: '/tmp/bo-shots/staff.png' });
  await expectAccessible(admin.page, 'staff');
  // Shown once: opening the dialog again shows an empty form.
  await admin.page.getByRole('button', { name: 'Add staff' }).click();
  await expect(dialog.getByTestId('one-time-password')).toHaveCount(0);
  await expect(dialog.getByLabel('Username')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await admin.context.close();

  // The new account's first sign-in: the password, then an authenticator to set up.
  const context = await browser.newContext({ baseURL, ...desktop });
  const page = await context.newPage();
  await page.goto('/backoffice/login');
  await useEnglish(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const grouped = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  const secret = (grouped ?? '').replaceAll(' ', '');
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await page.screenshot({ path: '/tmp/bo-shots/enrolment.png' });
  await expectAccessible(page, 'sign-in: set up the authenticator');

  // The handed-over password is replaced in the same step.
  await page.getByLabel('Your own password').fill('finance chose this one');
  await awaitFreshStep(page);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  const codes = page.getByRole('list', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(8);
  await page.screenshot({ path: '/tmp/bo-shots/recovery-codes.png' });
  await expectAccessible(page, 'sign-in: recovery codes');
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();

  // In the back office, with the finance sections only.
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
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
    'My sessions',
  ]);
  await expect(page.getByRole('banner')).toContainText('Pim Finance');
  await expect(page.getByRole('banner')).toContainText('Finance');
  // A section the role may not use sends it home.
  await page.goto('/backoffice/staff');
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/finance-home.png' });
  await context.close();
});
