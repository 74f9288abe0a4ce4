import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { useEnglish } from './members';

/** RFC 6238's time step, which the server's authenticator codes use (CONTRACT.md). */
const TOTP_STEP_MS = 30_000;
/** A code with less than this left may roll over between fetching it and the server's check. */
const TOTP_MARGIN_MS = 3_000;

const msLeftInStep = () => TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);

/** A demo staff member's current authenticator code, from the sandbox (CONTRACT.md). */
async function sandboxCode(page: Page, username: string): Promise<string> {
  const answer = await page.request.get(`/api/sandbox/staff/${username}/totp`);
  expect(answer.status(), await answer.text()).toBe(200);
  const { code } = await answer.json();
  return code;
}

/**
 * The sign-in's second step. Each code is fetched right before it is typed, never near the end
 * of its 30 s step; should it be refused all the same (it rolled over on the way, or the
 * server takes each code once and another journey just used it), the next step's code is
 * typed instead.
 */
async function enterAuthenticatorCode(page: Page, username: string): Promise<void> {
  const field = page.getByLabel('Authenticator code');
  const refused = page.getByRole('alert');
  const signedIn = page.getByRole('heading', { name: 'Support chat' });
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (msLeftInStep() < TOTP_MARGIN_MS) await page.waitForTimeout(msLeftInStep() + 250);
    await field.fill(await sandboxCode(page, username));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(refused.or(signedIn).first()).toBeVisible();
    if (await signedIn.isVisible()) return;
    await page.waitForTimeout(msLeftInStep() + 250);
  }
  await expect(signedIn, 'the sandbox’s code was refused twice').toBeVisible();
}

/**
 * The support screen, signed in as the sandbox's demo staff account through both steps (the
 * password, then the authenticator's code: the demo staff have one already), in a context of
 * its own (the journey's phone viewport unless `options` says otherwise).
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
  await enterAuthenticatorCode(page, 'support');
  await expect(page).toHaveURL(/\/backoffice\/chat$/);
  return { context, page };
}
