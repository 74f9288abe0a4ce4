import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { useEnglish } from '../support/members';

test('an unknown path shows the Page Not Found page with a way home', async ({ page }) => {
  await page.goto('/login');
  await useEnglish(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectAccessible(page, 'page not found');
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown API path answers 404 with the error envelope', async ({ request }) => {
  const response = await request.get('/api/no/such/call');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NO_DATA' });
});
