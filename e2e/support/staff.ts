import { type Browser, type BrowserContextOptions, expect } from '@playwright/test';
import { useEnglish } from './members';

/**
 * The support screen, signed in as the sandbox's demo staff account, in a context of its own
 * (the journey's phone viewport unless `options` says otherwise).
 */
export async function staffDesk(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await page.goto('/backoffice/login');
  await useEnglish(page);
  await page.getByLabel('Username').fill('support');
  await page.getByLabel('Password', { exact: true }).fill('support-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/backoffice\/chat$/);
  return { context, page };
}
