import type { FrameLocator, Locator, Page } from '@playwright/test';

/**
 * The back office's phone-sized preview beside a form (promotions, content): its frame, the
 * member screen in it, and the language it shows.
 */

/** The back-office calls a page's own session makes (its cookie, and the app's header). */
export const asDesk = { 'X-Wallet-User': '1' };

/** The phone of the preview beside a form, and its frame's document. */
export const phoneIn = (scope: Page | Locator) => scope.getByTitle("Preview on a member's phone");
export const screenOf = (scope: Page | Locator): FrameLocator =>
  scope.locator('iframe[title="Preview on a member\'s phone"]').contentFrame();

/**
 * The phone alone, as a picture: the desk is made tall enough for the whole 844-pixel phone to be
 * on screen (beyond the window, Chromium leaves out the phone's modal backdrop), then put back.
 */
export async function shootPhone(desk: Page, scope: Page | Locator, path: string) {
  await desk.setViewportSize({ width: 1440, height: 1200 });
  await phoneIn(scope).screenshot({ path });
  await desk.setViewportSize({ width: 1440, height: 900 });
}

/** Chooses the preview's language (the switch above the phone). */
export async function previewIn(scope: Page | Locator, language: 'ไทย' | 'ລາວ' | 'English') {
  await scope
    .getByRole('radiogroup', { name: 'Language of the preview' })
    .getByText(language)
    .click();
}
