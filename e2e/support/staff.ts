import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { useEnglish } from './members';

/** RFC 6238's time step, which the server's authenticator codes use (CONTRACT.md). */
const TOTP_STEP_MS = 30_000;
/** A code with less than this left may roll over between fetching it and the server's check. */
const TOTP_MARGIN_MS = 3_000;

const msLeftInStep = () => TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);

/**
 * Until a little into the next step. The little is random: two journeys whose codes collided
 * (the server takes each step's code once) would otherwise wait for the same moment, fetch the
 * same code again and collide again.
 */
const untilNextStep = () => msLeftInStep() + 250 + Math.floor(Math.random() * 4_000);

/** The back office at a desk (docs/backoffice.md): screens are checked at 1440×900. */
export const desktop: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

/**
 * A demo staff member's current authenticator code, from the sandbox (CONTRACT.md). The server
 * takes each step's code once and accepts the steps around the current one: journeys signing the
 * same account in at once can use them all (429), and the next step's comes when this one ends.
 */
export async function sandboxCode(page: Page, username: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const answer = await page.request.get(`/api/sandbox/staff/${username}/totp`);
    if (answer.status() === 429 && attempt < 4) {
      await page.waitForTimeout(untilNextStep());
      continue;
    }
    expect(answer.status(), await answer.text()).toBe(200);
    const { code } = await answer.json();
    return code;
  }
}

/** Waits, if need be, for a fresh 30 s step, so a code fetched now is still good when typed. */
export async function awaitFreshStep(page: Page): Promise<void> {
  if (msLeftInStep() < TOTP_MARGIN_MS) await page.waitForTimeout(msLeftInStep() + 250);
}

/** The back office's navbar: there once signed in. */
export const sectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/**
 * The sign-in's second step. Each code is fetched right before it is typed, never near the end
 * of its 30 s step; should it be refused all the same (it rolled over on the way, or the
 * server takes each code once and another journey just used it), the next step's code is
 * typed instead.
 */
export async function enterAuthenticatorCode(page: Page, username: string): Promise<void> {
  const field = page.getByLabel('Authenticator code');
  const refused = page.getByRole('alert');
  const signedIn = sectionsNav(page);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await awaitFreshStep(page);
    await field.fill(await sandboxCode(page, username));
    await page.getByRole('button', { name: 'Verify' }).click();
    // The back office's first screen after a cold start of the server may take a while.
    await expect(refused.or(signedIn).first()).toBeVisible({ timeout: 20_000 });
    if (await signedIn.isVisible()) return;
    await page.waitForTimeout(untilNextStep());
  }
  await expect(signedIn, 'the sandbox’s code was refused three times').toBeVisible();
}

/** The sign-in's first step for a demo staff member (password `<username>-demo`), in English. */
export async function enterStaffPassword(page: Page, username: string): Promise<void> {
  await page.goto('/backoffice/login');
  await useEnglish(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(`${username}-demo`);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a demo staff member in through both steps, in English. */
export async function signInAsStaff(page: Page, username: string): Promise<void> {
  await enterStaffPassword(page, username);
  await enterAuthenticatorCode(page, username);
}

/** A demo staff member signed in, in a browser context of their own (desktop unless told). */
export async function staffPage(
  browser: Browser,
  baseURL: string,
  username: string,
  options: BrowserContextOptions = desktop,
) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await signInAsStaff(page, username);
  return { context, page };
}

/**
 * The support screen, signed in as the sandbox's demo support account through both steps (the
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
  await signInAsStaff(page, 'support');
  await page.goto('/backoffice/chat');
  await expect(page.getByRole('heading', { name: 'Support chat' })).toBeVisible();
  return { context, page };
}
