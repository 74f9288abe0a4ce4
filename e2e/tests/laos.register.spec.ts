import { expect, test } from '@playwright/test';
import { enterPhoneAndCode, newAccountNo, newLaoPhone, useEnglish } from '../support/members';

test('the Laos build speaks Lao by default and asks for the wallet currency, LAK first', async ({
  page,
  request,
}) => {
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await useEnglish(page);

  const phone = newLaoPhone();
  await enterPhoneAndCode(page, request, phone);

  await page.getByLabel('Full name').fill('Khamla Phommavong');
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass-1');
  await page.getByLabel('Confirm password').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('combobox', { name: 'Bank' }).click();
  await page.getByRole('option', { name: /BCEL|Banque pour le Commerce Exterieur Lao/ }).click();
  await page.getByLabel('Account number').fill(newAccountNo());
  await page.getByLabel('First name on the account').fill('khamla');
  await page.getByLabel('Last name on the account').fill('phommavong');
  await expect(page.getByRole('combobox', { name: 'Wallet currency' })).toHaveValue(
    'Lao kip (LAK)',
  );
  await page.getByRole('combobox', { name: 'Wallet currency' }).click();
  await page.getByRole('option', { name: 'Thai baht (THB)' }).click();
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
