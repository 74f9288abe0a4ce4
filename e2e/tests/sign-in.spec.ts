import { expect, test } from '@playwright/test';
import { pageToken, registerMember, signIn } from '../support/members';

test('a wrong password shows the error under the form, and typing clears it', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member, { password: 'not-the-password' });
  const error = page
    .getByRole('alert')
    .filter({ hasText: 'The username or password is incorrect.' });
  await expect(error).toBeVisible();
  await page.getByLabel('Password', { exact: true }).press('x');
  await expect(error).toBeHidden();
});

test('without "remember me" the session ends with the tab; with it a new tab is signed in', async ({
  context,
  page,
  request,
}) => {
  const member = await registerMember(request);

  await signIn(page, member);
  await expect(page).toHaveURL(/\/user\/home$/);
  const second = await context.newPage();
  await second.goto('/user/home');
  await expect(second).toHaveURL(/\/login$/);
  await second.close();

  await signIn(page, member, { remember: true });
  await expect(page).toHaveURL(/\/user\/home$/);
  const third = await context.newPage();
  await third.goto('/user/home');
  await expect(third).toHaveURL(/\/user\/home$/);
  await expect(third.getByText(member.name).first()).toBeVisible();
});

test('signing out revokes the session and returns to the login page', async ({ page, request }) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/user\/home$/);
  const token = await pageToken(page);

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);

  expect(token).toBeTruthy();
  const profile = await request.get('/api/account/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(401);
});

test('a session ended elsewhere sends the open home to the login page without a click', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
  const token = await pageToken(page);

  // The session ends outside this page: the server closes its socket within 30 s (decision
  // 0044), and the page, asked nothing, follows.
  const ended = await request.post('/api/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(ended.ok()).toBe(true);
  await expect(page).toHaveURL(/\/login$/, { timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
