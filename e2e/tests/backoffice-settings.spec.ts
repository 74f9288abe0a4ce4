import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn } from '../support/members';
import { sectionsNav, staffPage } from '../support/staff';

/**
 * Runs on the server of its own (`switch` in playwright.config.ts): closing the service, or
 * moving the approval threshold, would trip the journeys that share the default server.
 */

/** The settings screen, opened from the navbar. */
async function openSettings(page: Page) {
  await sectionsNav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/backoffice\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

const closedHeading = (page: Page) => page.getByRole('heading', { name: 'Service closed' });

test('an admin closes the service with a reason, a member’s open app shows the closed page, and reopening gives the app back', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const member = await registerMember(request, undefined, { name: 'Malee Closed' });
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toBeVisible();

  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  await openSettings(admin.page);
  const service = admin.page.getByRole('region', { name: 'The service' });
  await expect(service).toContainText('Open');
  await admin.page.screenshot({ path: '/tmp/bo-shots/settings-en.png' });

  await service.getByRole('button', { name: 'Close the service' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Close the service to every member?' });
  await dialog.getByLabel('Reason').fill('Bank maintenance tonight, back at 06:00');
  await admin.page.screenshot({ path: '/tmp/bo-shots/settings-close-dialog-en.png' });
  await expectAccessible(admin.page, 'settings: close the service?');
  await dialog.getByRole('button', { name: 'Close the service' }).click();
  await expect(admin.page.getByText('The service is closed to members.')).toBeVisible();
  const banner = admin.page.getByRole('alert', { name: 'The service is closed' });
  await expect(banner).toBeVisible();
  await expect(service).toContainText('Closed');
  await admin.page.screenshot({ path: '/tmp/bo-shots/settings-closed-en.png' });
  await expectAccessible(admin.page, 'settings: the service closed');

  try {
    // Each server process reads the switch at most a second late: the member's next call after
    // that answers 410, and the app goes to the closed page.
    await expect(async () => {
      await page.reload();
      await expect(closedHeading(page)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/terminated$/);
  } finally {
    // Reopened from the banner, whatever happened above: the server is shared by the file.
    await banner.getByRole('button', { name: 'Reopen the service' }).click();
    const reopen = admin.page.getByRole('dialog', { name: 'Reopen the service to members?' });
    await reopen.getByLabel('Reason').fill('Maintenance over');
    await reopen.getByRole('button', { name: 'Reopen the service' }).click();
    await expect(admin.page.getByText('The service is open to members again.')).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(service).toContainText('Open');
  }

  // The member, still signed in, uses the app again.
  await expect(async () => {
    await page.goto('/user/home');
    await expect(page.getByTestId('wallet-total')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(closedHeading(page)).toBeHidden();

  // The screen in Thai, for its words.
  await admin.page.getByRole('button', { name: 'Language' }).first().click();
  await admin.page.getByRole('menuitemradio', { name: 'ไทย' }).click();
  await expect(admin.page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(admin.page.getByRole('heading', { name: 'ตั้งค่า' })).toBeVisible();
  await admin.page.screenshot({ path: '/tmp/bo-shots/settings-th.png' });
  await expectAccessible(admin.page, 'settings (Thai)');
  await admin.page.getByRole('tab', { name: 'กฎจำนวนเงิน' }).click();
  await expect(admin.page.getByRole('form', { name: /ไทย|BAHT/ })).toBeVisible();
  await admin.page.screenshot({ path: '/tmp/bo-shots/settings-limits-th.png' });
  await expectAccessible(admin.page, 'settings: amount rules (Thai)');
  await admin.context.close();
});

test('finance lowers the baht approval threshold with a reason and sees it kept after a reload', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await staffPage(browser, baseURL ?? '', 'finance');
  await openSettings(page);
  // Finance reads the switches but does not turn them.
  await expect(page.getByRole('switch', { name: 'Chat widget' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Close the service' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Amount rules' }).click();
  await expect(page).toHaveURL(/\?tab=limits$/);
  const baht = page.getByRole('form', { name: 'Amount rules of Thai baht (BAHT)' });
  const threshold = baht.getByLabel('Approval above');
  const before = await threshold.inputValue();
  expect(before).toBe('5,000');
  await page.screenshot({ path: '/tmp/bo-shots/settings-limits-en.png' });

  const save = async (value: string, reason: string) => {
    await threshold.fill(value);
    await baht.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the amount rules of Thai baht (BAHT)?' });
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  };

  // A minimum above the maximum is refused in words before anything is sent.
  const minimum = baht.getByLabel('Minimum', { exact: true });
  await minimum.fill('60000');
  await baht.getByRole('button', { name: 'Save' }).click();
  await expect(baht.getByText('The minimum cannot be above the maximum.')).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/settings-limits-refused-en.png' });
  await expectAccessible(page, 'settings: amount rules, refused');
  await baht.getByRole('button', { name: 'Undo changes' }).click();
  await expect(minimum).toHaveValue('100');

  await save('4000', 'More withdrawals checked by hand this week');
  await expect(page.getByText('The amount rules of Thai baht (BAHT) are saved.')).toBeVisible();

  try {
    await page.reload();
    await expect(
      page
        .getByRole('form', { name: 'Amount rules of Thai baht (BAHT)' })
        .getByLabel('Approval above'),
    ).toHaveValue('4,000');
  } finally {
    // Put back as it was, for the next journeys on this server.
    await save(before, 'Back to the usual threshold');
    await expect(threshold).toHaveValue(before);
  }
  await context.close();
});
