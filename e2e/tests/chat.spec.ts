import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { serverProcess } from '../../apps/server/src/test/server-process';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn, topUp, useEnglish } from '../support/members';
import { staffDesk } from '../support/staff';

/** A 160×100 PNG picture: a gold field with a dark band. */
function pictureFile(): Buffer {
  const png = new PNG({ width: 160, height: 100 });
  for (let y = 0; y < 100; y++) {
    for (let x = 0; x < 160; x++) {
      const at = (y * 160 + x) * 4;
      const band = y > 40 && y < 60;
      png.data.set(band ? [20, 30, 60, 255] : [230, 180, 40, 255], at);
    }
  }
  return PNG.sync.write(png);
}

/** Opens the chat widget and waits until it has joined its room. */
async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with us' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Connecting…')).toBeHidden({ timeout: 15_000 });
  return panel;
}

async function say(panel: ReturnType<Page['getByRole']>, text: string) {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
}

test('a guest chats from the contact page and support answers from the staff screen', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/contact');
  await useEnglish(page);
  await expectAccessible(page, 'contact');
  const chat = await openChat(page);
  await say(chat, 'Hello, I cannot find my deposit');
  const log = chat.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('Hello, I cannot find my deposit')).toBeVisible();
  await page.screenshot({ path: '/tmp/chat-guest.png' });
  await expectAccessible(page, 'chat (guest)');

  const desk = await staffDesk(browser, baseURL ?? '');
  const staff = desk.page;
  const conversations = staff
    .getByRole('navigation', { name: 'Conversations' })
    .or(staff.getByRole('list', { name: 'Conversations' }));
  const row = conversations.getByText('Hello, I cannot find my deposit').first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(
    staff.getByRole('log', { name: 'Messages' }).getByText('Hello, I cannot find my deposit'),
  ).toBeVisible();
  await staff.getByRole('textbox', { name: 'Message' }).fill('Hi! Which bank did you use?');
  await staff.getByRole('textbox', { name: 'Message' }).press('Enter');
  await staff.screenshot({ path: '/tmp/chat-staff.png' });
  await expectAccessible(staff, 'support chat (staff, on a phone)');

  // The answer reaches the guest at once, without a reload.
  await expect(log.getByText('Hi! Which bank did you use?')).toBeVisible();

  // The guest answers; support sees it live, then ends the conversation.
  await say(chat, 'SCB');
  const staffLog = staff.getByRole('log', { name: 'Messages' });
  await expect(staffLog.getByText('SCB', { exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'End conversation' }).first().click();
  await staff.getByRole('dialog').getByRole('button', { name: 'End conversation' }).click();
  await expect(log.getByText('End Conversation')).toBeVisible();
  await page.screenshot({ path: '/tmp/chat-guest-ended.png' });
  await expectAccessible(page, 'chat (guest), ended');

  // The guest id is kept: after a reload the conversation is still there.
  await page.reload();
  const again = await openChat(page);
  await expect(again.getByText('Hi! Which bank did you use?')).toBeVisible();
  await desk.context.close();
});

test('a member sends a picture, and the home balance follows a deposit without a reload', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 baht');
  const chat = await openChat(page);
  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Attach a photo or video' }).click();
  await (await chooser).setFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: pictureFile(),
  });
  const picture = chat.getByRole('button', { name: 'Open picture receipt.png' });
  await expect(picture).toBeVisible();
  await expect(chat.getByText('Not sent')).toHaveCount(0);
  const shown = chat.locator('img[alt="receipt.png"]').first();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await page.screenshot({ path: '/tmp/chat-member-picture.png' });
  await expectAccessible(page, 'chat (member), with a picture');

  // The picture is served to its own conversation's member through its signed link.
  const src = await chat.locator('img[alt="receipt.png"]').first().getAttribute('src');
  expect(src).toMatch(/\/api\/chat\/files\/\d+\?expires=/);
  const served = await page.request.get(src ?? '');
  expect(served.headers()['content-type']).toBe('image/png');

  // A deposit credited elsewhere shows on home through the same socket.
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await topUp(request, member, 320);
  await expect(page.getByTestId('wallet-total')).toHaveText('320.00 baht');
});

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('the widget reconnects and rejoins after the server restarts', async ({ browser }) => {
  const server = serverProcess({
    command: ['apps/server/dist/main.js'],
    cwd: root,
    // Beside the journeys' own servers (playwright.config.ts), moved with them by E2E_PORT_BASE.
    port: Number(process.env.E2E_PORT_BASE ?? 3100) + 10,
    env: {
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'wallet-e2e-restart-')),
    },
  });
  await server.start();
  const context = await browser.newContext({ baseURL: server.base });
  try {
    const page = await context.newPage();
    await page.goto('/contact');
    await useEnglish(page);
    const chat = await openChat(page);
    await say(chat, 'before the restart');
    await expect(chat.getByText('before the restart')).toBeVisible();

    await server.stop();
    await server.start();

    // Support answers through the restarted server: the widget has rejoined its room.
    const desk = await staffDesk(browser, server.base);
    await desk.page.getByText('before the restart').first().click();
    await desk.page.getByRole('textbox', { name: 'Message' }).fill('after the restart');
    await desk.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(chat.getByText('after the restart')).toBeVisible({ timeout: 20_000 });
    await say(chat, 'still here');
    await expect(
      desk.page.getByRole('log', { name: 'Messages' }).getByText('still here'),
    ).toBeVisible();
    await desk.context.close();
  } finally {
    await context.close();
    server.kill();
  }
});
