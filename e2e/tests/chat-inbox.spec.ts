import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { memberToken, registerMember } from '../support/members';
import { staffDesk } from '../support/staff';

/** More guests than the list's first page holds (contract: CONVERSATION_PAGE_SIZE, 30). */
const FLOOD = 32;

function textMessage(text: string) {
  return { message_type: 'text', payload: { message: text }, deliver: { id: randomUUID() } };
}

test('support finds a member under a flood of guests through the members filter and the next page, on a desktop', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await registerMember(request, undefined, { name: 'Malee Flood' });
  const token = await memberToken(request, member);
  const headers = { authorization: `Bearer ${token}` };
  const profile = await (await request.get('/api/account/profile', { headers })).json();
  const asked = await request.post('/api/chat/send-message', {
    headers,
    data: { userId: String(profile.profile._id), message: textMessage('Where is my withdrawal?') },
  });
  expect(asked.status()).toBe(200);
  for (let i = 0; i < FLOOD; i += 1) {
    const spam = await request.post('/api/chat/send-message', {
      data: { guestId: randomUUID(), name: 'Guest', message: textMessage(`flood ${i}`) },
    });
    expect(spam.status()).toBe(200);
  }

  const { context, page } = await staffDesk(browser, baseURL ?? '', {
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });

  const list = page.getByRole('navigation', { name: 'Conversations' });
  await expect(list.getByText(`flood ${FLOOD - 1}`, { exact: true })).toBeVisible();
  // The flood fills the first page: the member is not on it.
  await expect(list.getByText('Where is my withdrawal?')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/chat-inbox-flood.png' });

  // The next page follows on where the first ended.
  await list.getByRole('button', { name: 'Show older conversations' }).click();
  await expect(list.getByText('Where is my withdrawal?')).toBeVisible();

  // Members only: the member's conversation alone, whatever the guests sent.
  await list.getByText('Members', { exact: true }).click();
  await expect(page).toHaveURL(/\?show=members$/);
  await expect(list.getByText('Where is my withdrawal?')).toBeVisible();
  await expect(list.getByText(/^flood /)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/chat-inbox-members.png' });
  await list.getByText('Where is my withdrawal?').click();
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('Where is my withdrawal?'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\?show=members&c=\d+$/);
  await expectAccessible(page, 'support chat, a conversation open');

  // Guests only: no member among them.
  await list.getByText('Guests', { exact: true }).click();
  await expect(list.getByText(`flood ${FLOOD - 1}`, { exact: true })).toBeVisible();
  await expect(list.getByText('Where is my withdrawal?')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/chat-inbox-guests.png' });
  await context.close();
});
