import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { pageToken, registerMember, signIn } from '../support/members';

test("a visitor's sign-in screen asks once for its chunk and the one call its guard waits for", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await page.goto('/login');
  await expect(page.locator('input[type="password"]')).toBeVisible();
  // The login screen's chunk is lazy: the router asks for it once, beside the guard's call.
  const chunk = /^\/assets\/login-screen-[\w-]{8}\.js$/;
  expect(asked.filter((path) => chunk.test(path))).toHaveLength(1);
  expect(asked.filter((path) => path === '/api/lookup/active')).toHaveLength(1);
  expect(asked.filter((path) => path.startsWith('/api/account'))).toEqual([]);
});

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
  await expectAccessible(page, 'sign-in, refused');
  await page.getByLabel('Password', { exact: true }).press('x');
  await expect(error).toBeHidden();
});

test('a locked sign-in says the real wait under the form, not "about 1 minute"', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  // Five wrong passwords from one address lock that address out of the account for the rest
  // of the 15-minute window, even with the right password (decision 0053).
  for (let tries = 0; tries < 5; tries += 1) {
    const refused = await request.post('/api/login', {
      data: { username: member.phone, password: 'not-the-password' },
    });
    expect(refused.status()).toBe(400);
  }
  await signIn(page, member);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many requests. Please wait 15 minutes.' }),
  ).toBeVisible();
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

test('a signed-in member reopening the home asks once for what it paints', async ({
  context,
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member, { remember: true });
  await expect(page).toHaveURL(/\/user\/home$/);
  const token = await pageToken(page);

  const reopened = await context.newPage();
  const refused: string[] = [];
  reopened.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const asked: string[] = [];
  reopened.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await reopened.goto('/user/home');
  await expect(reopened.getByText(member.name).first()).toBeVisible();
  await expect(reopened.getByTestId('wallet-total')).toHaveText(/0\.00/);

  // The router's loaders asked once for what the screen paints, and the CSP refused nothing.
  expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  expect(asked.filter((path) => path === '/api/account/profile')).toHaveLength(1);
  const refreshAt = asked.indexOf('/api/wallet/refresh/slot');
  const beforeRefresh = refreshAt === -1 ? asked : asked.slice(0, refreshAt);
  expect(beforeRefresh.filter((path) => path === '/api/wallet')).toHaveLength(1);
  // The login screen is a chunk of its own (app/login-screen.ts): the home, even once settled,
  // downloads none of it.
  await reopened.waitForLoadState('networkidle');
  expect(asked.filter((path) => /^\/assets\/login-/.test(path))).toEqual([]);

  // A token revoked meanwhile: the profile call is refused, and the login page shows.
  const out = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(out.ok()).toBe(true);
  await reopened.reload();
  await expect(reopened).toHaveURL(/\/login$/);
});
