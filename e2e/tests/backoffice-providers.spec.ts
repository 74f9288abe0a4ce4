import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { memberToken, registerMember, signIn, topUp } from '../support/members';
import { staffPage } from '../support/staff';

/**
 * Runs on the server of its own (`switch` in playwright.config.ts): a game in maintenance would
 * trip the journeys of the default server that play there.
 */

/** The member's own API call with a fresh Idempotency-Key, as the app sends one per action. */
async function asMember(page: Page, token: string, path: string, data?: object) {
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() };
  const answer = data
    ? await page.request.post(path, { data, headers })
    : await page.request.get(path, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The admin's reason dialog for the maintenance switch of Betflix, confirmed. */
async function switchMaintenance(admin: Page, on: boolean, reason: string) {
  await admin.getByRole('switch', { name: 'Betflix in maintenance' }).click();
  const dialog = admin.getByRole('dialog', {
    name: on ? 'Put Betflix into maintenance?' : 'End the maintenance of Betflix?',
  });
  await dialog.getByLabel('Reason').fill(reason);
  if (on) {
    await admin.screenshot({ path: '/tmp/bo-shots/providers-maintenance-dialog-en.png' });
    await expectAccessible(admin, 'settings: put a game into maintenance?');
  }
  await dialog.getByRole('button', { name: on ? 'Start maintenance' : 'End maintenance' }).click();
  await expect(
    admin.getByText(on ? '“Betflix” is in maintenance.' : '“Betflix” is open again.'),
  ).toBeVisible();
}

test('an admin puts a game provider into maintenance, a member sees it as such and cannot move money there, then the admin opens it again', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const member = await registerMember(request, undefined, { name: 'Niran Games' });
  await topUp(request, member, 500);
  const token = await memberToken(request, member);
  await asMember(page, token, '/api/wallet/activate/BETFLIX');
  await asMember(page, token, '/api/wallet/transfer', {
    from: 'WALLET',
    to: 'BETFLIX',
    amount: 100,
  });
  await signIn(page, member);
  const slide = page.getByRole('button', { name: /^Betflix / });
  await expect(slide).toContainText('Active');

  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  await admin.page.goto('/backoffice/settings?tab=games');
  const providers = admin.page.getByRole('table', { name: 'Game providers' });
  await expect(providers.getByText('Betflix', { exact: true })).toBeVisible();
  await admin.page.screenshot({ path: '/tmp/bo-shots/providers-en.png' });
  await switchMaintenance(admin.page, true, 'Betflix upgrades its servers until 14:00');
  await expect(admin.page.getByRole('switch', { name: 'Betflix in maintenance' })).toBeChecked();
  await admin.page.screenshot({ path: '/tmp/bo-shots/providers-maintenance-en.png' });
  await expectAccessible(admin.page, 'settings: game providers, one in maintenance');

  try {
    // Every process reads the providers at most a second late: the member's next read shows it.
    await expect(async () => {
      await page.reload();
      await expect(slide).toContainText('Under maintenance', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await slide.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/bo-shots/member-home-maintenance-en.png' });
    await expectAccessible(page, 'home, a game in maintenance');

    await slide.click();
    const game = page.getByRole('dialog', { name: 'Betflix' });
    await expect(game.getByRole('alert')).toContainText('Betflix is under maintenance');
    await expect(game.getByText('100.00 baht')).toBeVisible();
    await expect(game.getByRole('button', { name: 'Play' })).toBeDisabled();
    await expect(game.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    await page.screenshot({ path: '/tmp/bo-shots/member-game-maintenance-en.png' });
    await expectAccessible(page, 'game account in maintenance');
    await game.getByRole('button', { name: 'Close' }).click();

    // Moving money out is refused as maintenance, not as a failed transfer: nothing moves.
    await page.getByRole('button', { name: 'Transfer', exact: true }).first().click();
    const transfer = page.getByRole('dialog', { name: 'Transfer' });
    const from = transfer.getByRole('radiogroup', { name: 'From' });
    await expect(from.getByRole('radio', { name: /Betflix/ })).toContainText('Under maintenance');
    await from.getByRole('radio', { name: /Betflix/ }).click();
    await transfer
      .getByRole('radiogroup', { name: 'To' })
      .getByRole('radio', { name: /Wallet/ })
      .click();
    await transfer.getByLabel('Amount (baht)').fill('50');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(
      page.getByText('This game is under maintenance. Please try again later.'),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/bo-shots/member-transfer-maintenance-en.png' });
    await expectAccessible(page, 'transfer, refused by the maintenance');
  } finally {
    // Opened again whatever happened above: the server is shared by the file's journeys.
    await switchMaintenance(admin.page, false, 'Betflix is back');
  }

  await expect(async () => {
    await page.goto('/user/home');
    await expect(slide).toContainText('Active', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await asMember(page, token, '/api/wallet/transfer', {
    from: 'BETFLIX',
    to: 'WALLET',
    amount: 50,
  });

  // The tab in Thai, for its words.
  await admin.page.getByRole('button', { name: 'Language' }).first().click();
  await admin.page.getByRole('menuitemradio', { name: 'ไทย' }).click();
  await expect(admin.page.getByRole('tab', { name: 'ผู้ให้บริการเกม' })).toBeVisible();
  await admin.page.screenshot({ path: '/tmp/bo-shots/providers-th.png' });
  await admin.context.close();
});

test('finance adds a deposit account, kept off, and an admin rotates a QR callback secret, shown once', async ({
  browser,
  baseURL,
}) => {
  const finance = await staffPage(browser, baseURL ?? '', 'finance');
  await finance.page.goto('/backoffice/settings?tab=deposits');
  const banks = finance.page.getByRole('table', { name: 'Bank and QR provider accounts' });
  await expect(banks.getByText('4071234567')).toBeVisible();
  await finance.page.getByRole('button', { name: 'Add an account' }).click();
  const form = finance.page.getByRole('dialog', { name: 'Add a deposit account' });
  const accountNo = `40${Date.now().toString().slice(-8)}`;
  await form.getByLabel('Name in Thai').fill('ไทยพาณิชย์ สาขาสอง');
  await form.getByLabel('Name in English').fill('SCB second branch');
  await form.getByLabel('Account name').fill('Member Wallet Co., Ltd.');
  await form.getByLabel('Account number or merchant id').fill(accountNo);
  // Kept off: members of the shared server do not meet it.
  await form.getByRole('switch', { name: 'On for members' }).click();
  await form.getByLabel('Reason').fill('Second SCB account, opened for the evening rush');
  await finance.page.screenshot({ path: '/tmp/bo-shots/deposit-account-form-en.png' });
  await expectAccessible(finance.page, 'settings: add a deposit account');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(finance.page.getByText(`“SCB ${accountNo}” is added.`)).toBeVisible();
  await expect(
    finance.page.getByRole('switch', { name: `SCB ${accountNo} shown to members` }),
  ).not.toBeChecked();
  await finance.page.screenshot({ path: '/tmp/bo-shots/deposit-accounts-en.png', fullPage: true });
  await expectAccessible(finance.page, 'settings: deposit accounts');
  // Finance reads the QR secrets' dates, and may not rotate them.
  await finance.page.getByRole('tab', { name: 'QR secrets' }).click();
  await expect(finance.page.getByRole('table', { name: 'QR secrets' })).toContainText('KBANK');
  await expect(finance.page.getByRole('button', { name: /Rotate/ })).toHaveCount(0);
  await finance.context.close();

  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  await admin.page.goto('/backoffice/settings?tab=secrets');
  await admin.page.getByRole('button', { name: 'Rotate the secret of PAYONEX' }).click();
  const ask = admin.page.getByRole('dialog', { name: 'Rotate the callback secret of PAYONEX?' });
  await ask.getByLabel('Reason').fill('Yearly rotation agreed with Payonex');
  await ask.getByRole('button', { name: 'Rotate' }).click();
  const shown = admin.page.getByRole('dialog', { name: 'New secret of PAYONEX' });
  await expect(shown.getByTestId('new-qr-secret')).toHaveText(/^[0-9a-f]{64}$/);
  await admin.page.screenshot({ path: '/tmp/bo-shots/qr-secret-shown-en.png' });
  await expectAccessible(admin.page, 'settings: a new QR secret, shown once');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(admin.page.getByTestId('new-qr-secret')).toHaveCount(0);
  await admin.page.screenshot({ path: '/tmp/bo-shots/qr-secrets-en.png' });
  await admin.context.close();
});
