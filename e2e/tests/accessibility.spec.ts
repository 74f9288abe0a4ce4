import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn, useLanguage } from '../support/members';
import { desktop, enterAuthenticatorCode, enterStaffPassword, sectionsNav } from '../support/staff';

/**
 * The screens no journey shows, checked against WCAG 2.1 A/AA (docs/accessibility.md); every
 * other screen is checked by the journey that shows it.
 */

test('the how-to page and its player, a member’s home and contact in Thai and Lao, and the page a failed screen leaves', async ({
  page,
  request,
}) => {
  // A visitor's how-to page, in the default Thai, then in Lao with a video open.
  await page.goto('/howto');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('button', { name: /วิธีใช้กระเป๋าเงิน/ })).toBeVisible();
  await expectAccessible(page, 'how-to (Thai)');
  await useLanguage(page, 'ລາວ');
  await page.getByRole('button', { name: /ວິທີໃຊ້ກະເປົາເງິນ/ }).click();
  await expect(page.getByRole('dialog', { name: 'ວິທີໃຊ້ກະເປົາເງິນ' })).toBeVisible();
  await expectAccessible(page, 'how-to video (Lao)');

  const member = await registerMember(request);
  await signIn(page, member);
  await useLanguage(page, 'ไทย');
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 บาท');
  await expectAccessible(page, 'home (Thai)');
  await useLanguage(page, 'ລາວ');
  await page.goto('/user/contact');
  await expect(page.getByRole('link', { name: /LINE/ })).toBeVisible();
  await expectAccessible(page, 'contact, signed in (Lao)');

  // A screen whose code does not arrive: the router's error page, with its way out.
  await page.route(/\/assets\/howto-page-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/howto');
  await expect(page.getByRole('button', { name: 'ໂຫຼດໃໝ່' })).toBeVisible();
  await expectAccessible(page, 'error page (Lao)');
});

test('the authenticator step of the staff sign-in, and the slips and held transfers, in English and Lao', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, ...desktop });
  const page = await context.newPage();
  await enterStaffPassword(page, 'admin');
  await expect(page.getByLabel('Authenticator code')).toBeVisible();
  await expectAccessible(page, 'staff sign-in: authenticator code');
  await enterAuthenticatorCode(page, 'admin');

  await sectionsNav(page).getByRole('link', { name: 'Slips to check' }).click();
  await expect(page.getByRole('heading', { name: 'Slips to check' })).toBeVisible();
  await expectAccessible(page, 'slips to check');
  await sectionsNav(page).getByRole('link', { name: 'Held transfers' }).click();
  await expect(page.getByRole('heading', { name: 'Held transfers' })).toBeVisible();
  await useLanguage(page, 'ລາວ');
  await expectAccessible(page, 'held transfers (Lao)');
  await context.close();
});
