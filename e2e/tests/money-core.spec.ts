import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn, topUp } from '../support/members';

async function transfer(page: Page, from: RegExp, to: RegExp, amount: string) {
  await page.getByRole('button', { name: 'Transfer', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await dialog.getByRole('radiogroup', { name: 'From' }).getByRole('radio', { name: from }).click();
  await dialog.getByRole('radiogroup', { name: 'To' }).getByRole('radio', { name: to }).click();
  await dialog.getByLabel('Amount (baht)').fill(amount);
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('top up, activate a game, transfer to it, play a round, bring money back, see it all in the statement', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await topUp(request, member, 1000);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByTestId('wallet-total')).toHaveText('1,000.00 baht');
  await expect(page.getByText(/^Last sync \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/money-home.png', fullPage: true });

  // Activate PG Soft from its carousel slide.
  await page.getByRole('button', { name: /^PG Soft / }).click();
  const game = page.getByRole('dialog', { name: 'PG Soft' });
  await game.getByRole('button', { name: 'Activate account' }).click();
  await expect(game.getByRole('textbox', { name: 'Username' })).not.toHaveValue('');
  await expect(game.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await page.screenshot({ path: '/tmp/money-game.png' });
  await expectAccessible(page, 'game account');
  await game.getByRole('button', { name: 'Close' }).click();

  // The transfer rules, then 100 baht to the game.
  await page.getByRole('button', { name: 'Transfer', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog.getByText('Please select correct account').first()).toBeVisible();
  await dialog
    .getByRole('radiogroup', { name: 'From' })
    .getByRole('radio', { name: /Wallet/ })
    .click();
  await dialog
    .getByRole('radiogroup', { name: 'To' })
    .getByRole('radio', { name: /Wallet/ })
    .click();
  await dialog.getByLabel('Amount (baht)').fill('100');
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog.getByText('Cannot transfer to or from same account')).toBeVisible();
  await page.screenshot({ path: '/tmp/money-transfer.png' });
  await expectAccessible(page, 'transfer, with an error');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await transfer(page, /Wallet/, /PG Soft/, '100');
  await expect(page.getByText('100.00 baht transferred.')).toBeVisible();
  await expect(page.getByTestId('wallet-total')).toHaveText('1,000.00 baht');

  // Play: the game opens in a new tab, signed in through auto-login; one round there.
  await page.getByRole('button', { name: /^PG Soft / }).click();
  const popupOpened = page.context().waitForEvent('page');
  await game.getByRole('button', { name: 'Play' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/sandbox\/games\/PG\/play\?session=/);
  await expect(popup.getByText('100.00')).toBeVisible();
  await popup.getByRole('button', { name: 'Spin' }).click();
  await expect(popup.getByText(/You won|No win this time/)).toBeVisible();
  await popup.close();
  await game.getByRole('button', { name: 'Close' }).click();

  // Bring 50 baht back (the provider balance is synced first, whatever the round did).
  await transfer(page, /PG Soft/, /Wallet/, '50');
  await expect(page.getByText('50.00 baht transferred.')).toBeVisible();
  // Home with a game account in use (its card's active state).
  await expectAccessible(page, 'home, with a game account');

  await page.getByRole('link', { name: 'Transaction history' }).click();
  await expect(page).toHaveURL(/\/user\/statement$/);
  const entries = page.getByTestId('statement-entry');
  await expect(entries.filter({ hasText: 'Deposit' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Wallet to PG Soft' })).toContainText('100.00 baht');
  await expect(entries.filter({ hasText: 'PG Soft to Wallet' })).toContainText('50.00 baht');
  await expect(entries.first()).toContainText('Success');
  await page.screenshot({ path: '/tmp/money-statement.png', fullPage: true });
  await expectAccessible(page, 'transaction history');
});

test('withdraw within the limits, refused outside them, listed in the statement', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await topUp(request, member, 500);
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('500.00 baht');

  await page.getByRole('button', { name: 'Quick actions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Quick actions' });
  // The demo wheel runs, so its entry (a coin per 100 baht) stands where balance refresh goes.
  await expect(drawer.getByRole('button', { name: /Lucky spin/ })).toContainText('Coins: 5');
  await page.screenshot({ path: '/tmp/money-drawer.png' });
  await expectAccessible(page, 'quick actions');
  await drawer.getByRole('button', { name: /Withdraw/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(dialog.getByTestId('withdraw-total')).toHaveText('500.00 baht');
  const amount = dialog.getByLabel('Amount (baht)');
  await amount.fill('50');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog.getByText('Minimum amount is 100 baht')).toBeVisible();
  await amount.fill('60000');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog.getByText('maximum amount is 50,000 baht')).toBeVisible();
  await page.screenshot({ path: '/tmp/money-withdraw.png' });
  await expectAccessible(page, 'withdraw, with an error');
  await amount.fill('1000');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('The balance is not enough.')).toBeVisible();
  await amount.fill('200');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your withdrawal of 200.00 baht is on its way')).toBeVisible();
  await expect(page.getByTestId('wallet-total')).toHaveText('300.00 baht');

  await page.getByRole('link', { name: 'Transaction history' }).click();
  const withdrawal = page.getByTestId('statement-entry').filter({ hasText: 'Withdraw' });
  await expect(withdrawal).toContainText('200.00 baht');
  await expect(withdrawal).toContainText('Processing');
  await expect(withdrawal).toContainText('Wallet to SCB');
});
