import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';

test('the login page speaks Thai by default, then Lao and English on request, and remembers', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ' }).last()).toBeVisible();
  await expectAccessible(page, 'sign-in (Thai)');

  await page.getByRole('button', { name: 'ภาษา' }).first().click();
  await page.getByRole('menuitemradio', { name: 'ລາວ' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expect(page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).last()).toBeVisible();
  await expectAccessible(page, 'sign-in (Lao)');

  await page.getByRole('button', { name: 'ພາສາ' }).first().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Log in' }).last()).toBeVisible();
  await expectAccessible(page, 'sign-in (English)');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Log in' }).last()).toBeVisible();
});
