import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import {
  acceptAgreement,
  enterPhoneAndCode,
  newAccountNo,
  newThaiPhone,
  useEnglish,
} from '../support/members';

test('a visitor registers with OTP, is sent to the login page, and signs in', async ({
  page,
  request,
}) => {
  const phone = newThaiPhone();
  await page.goto('/register');
  await useEnglish(page);
  await expectAccessible(page, 'register: phone number');

  await enterPhoneAndCode(page, request, phone);

  // Step 3: details; mismatched passwords are caught before the server is asked.
  await page.getByLabel('Full name').fill('Somchai Jaidee');
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass-1');
  await page.getByLabel('Confirm password').fill('Secret-pass-2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expectAccessible(page, 'register: details, with an error');
  await page.getByLabel('Confirm password').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: bank account; the name is uppercased as it is typed.
  await page.getByRole('combobox', { name: 'Bank' }).click();
  await page.getByRole('option', { name: /SCB|Siam Commercial/ }).click();
  await page.getByLabel('Account number').fill(newAccountNo());
  await page.getByLabel('First name on the account').fill('somchai');
  await page.getByLabel('Last name on the account').fill('jaidee');
  await expect(page.getByLabel('First name on the account')).toHaveValue('SOMCHAI');
  await expectAccessible(page, 'register: bank account');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Registration complete')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByText('Somchai Jaidee').first()).toBeVisible();

  // The member agreement appears on home and, once accepted, not again on the next visit.
  await expect(page.getByRole('dialog', { name: /Member agreement/ })).toContainText(
    'By registering and using this service',
  );
  await expectAccessible(page, 'member agreement');
  await acceptAgreement(page);
  await expectAccessible(page, 'home, new member');
  await page.reload();
  await expect(page.getByText('Somchai Jaidee').first()).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a wrong one-time code is refused and the wizard stays on the code step', async ({
  page,
  request,
}) => {
  await page.goto('/register');
  await useEnglish(page);
  const phone = newThaiPhone();
  // The same code with its last digit changed is always wrong.
  await enterPhoneAndCode(page, request, phone, (sent) =>
    sent.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)),
  );
  await expect(page.getByText('The verification code is incorrect.')).toBeVisible();
  await expectAccessible(page, 'register: one-time code, refused');
  await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
});
