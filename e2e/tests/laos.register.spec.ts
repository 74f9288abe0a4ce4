import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { enterPhoneAndCode, newAccountNo, newLaoPhone, useEnglish } from '../support/members';

test('the Laos build speaks Lao by default and asks for the wallet currency, LAK first, with the banks of that currency', async ({
  page,
  request,
}) => {
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expectAccessible(page, 'register: phone number (Laos build, Lao)');
  await useEnglish(page);

  const phone = newLaoPhone();
  await enterPhoneAndCode(page, request, phone);

  await page.getByLabel('Full name').fill('Khamla Phommavong');
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass-1');
  await page.getByLabel('Confirm password').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Next' }).click();

  const currency = page.getByRole('combobox', { name: 'Wallet currency' });
  await expect(currency).toHaveValue('Lao kip (LAK)');
  await expectAccessible(page, 'register: bank account with its currency (Laos build)');
  // A kip wallet pays out to a Lao bank (issue 30): the bank list follows the currency.
  await page.getByRole('combobox', { name: 'Bank' }).click();
  await expect(
    page.getByRole('option', { name: /BCEL|Banque pour le Commerce Exterieur Lao/ }),
  ).toBeVisible();
  await expect(page.getByRole('option', { name: /Siam Commercial Bank/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await currency.click();
  await page.getByRole('option', { name: 'Thai baht (THB)' }).click();
  await page.getByRole('combobox', { name: 'Bank' }).click();
  await expect(
    page.getByRole('option', { name: /BCEL|Banque pour le Commerce Exterieur Lao/ }),
  ).toHaveCount(0);
  await page.getByRole('option', { name: /Siam Commercial Bank/ }).click();
  await page.getByLabel('Account number').fill(newAccountNo());
  await page.getByLabel('First name on the account').fill('khamla');
  await page.getByLabel('Last name on the account').fill('phommavong');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration complete')).toBeVisible();

  const login = await request.post('/api/login', {
    data: { username: phone, password: 'Secret-pass-1' },
  });
  const { token } = await login.json();
  const profile = await request.get('/api/account/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await profile.json()).profile.currency).toBe('BAHT');
});
