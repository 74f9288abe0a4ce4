import type { Page } from '@playwright/test';

/**
 * What the app last copied. The app's Permissions-Policy turns clipboard-read off (it only
 * ever writes: docs/security.md), so the test reads it from a bare page of the same origin
 * that it serves itself, without that header.
 */
export async function readClipboard(page: Page): Promise<string> {
  const reader = await page.context().newPage();
  try {
    const url = new URL('/__clipboard-reader', page.url()).toString();
    await reader.route(url, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>clipboard</title>' }),
    );
    await reader.goto(url);
    await reader.bringToFront();
    return await reader.evaluate(() => navigator.clipboard.readText());
  } finally {
    await reader.close();
    await page.bringToFront();
  }
}
