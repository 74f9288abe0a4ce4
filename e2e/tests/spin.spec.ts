import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn, topUp } from '../support/members';

/** The amount in baht of a text such as "50.00 baht is in your wallet.". */
const bahtIn = (text: string) => Number(/([\d,]+\.\d{2}) baht/.exec(text)?.[1]?.replace(/,/g, ''));

/** Spins once and waits for the prize modal; answers it. */
async function spinOnce(page: Page, coinsBefore: number, shot?: { mid: string; prize: string }) {
  await page.getByRole('button', { name: `Spin the wheel (coins left: ${coinsBefore})` }).click();
  await expect(page.getByTestId('spin-wheel')).toHaveAttribute('data-spinning', 'true');
  if (shot) {
    await page.waitForTimeout(1500);
    await page.screenshot({ path: shot.mid });
  }
  const prize = page.getByRole('dialog', { name: 'You won!' });
  await expect(prize).toBeVisible({ timeout: 10_000 });
  await expect(prize.getByTestId('prize-label')).toHaveText(/฿\d+/);
  if (shot) await page.screenshot({ path: shot.prize });
  return prize;
}

test('prize wheel: coins from a deposit, a spin from the drawer, the prize claimed into the wallet', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await topUp(request, member, 300);
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('300.00 baht');

  await page.getByRole('button', { name: 'Quick actions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Quick actions' });
  const entry = drawer.getByRole('button', { name: /Lucky spin/ });
  await expect(entry).toContainText('Coins: 3');
  await entry.click();
  await expect(page).toHaveURL(/\/user\/spin$/);
  await expect(page.getByRole('heading', { name: 'Lucky spin' })).toBeVisible();
  await expect(page.getByTestId('spin-coins')).toHaveText('3');
  await expect(page.getByText('No coupons to claim.')).toBeVisible();
  await page.screenshot({ path: '/tmp/spin-idle.png' });
  await expectAccessible(page, 'lucky spin');

  const prize = await spinOnce(page, 3, { mid: '/tmp/spin-mid.png', prize: '/tmp/spin-prize.png' });
  await expectAccessible(page, 'lucky spin: the prize');
  const won = (await prize.getByTestId('prize-label').textContent()) ?? '';
  await prize.getByRole('button', { name: 'Great!' }).click();
  await expect(prize).toBeHidden();
  await expect(page.getByTestId('spin-coins')).toHaveText('2');

  const table = page.getByTestId('coupon-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(won);
  await page.getByRole('heading', { name: 'My coupons' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/spin-coupons.png' });

  await table.getByRole('button', { name: `Claim ${won}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Claim this coupon?' });
  await expect(confirm).toContainText(won);
  await expectAccessible(page, 'claim the coupon?');
  await confirm.getByRole('button', { name: 'Claim' }).click();
  const claimed = page.getByText(/baht is in your wallet\./);
  await expect(claimed).toBeVisible();
  const amount = bahtIn((await claimed.textContent()) ?? '');
  expect(amount).toBeGreaterThan(0);
  await expect(page.getByText('No coupons to claim.')).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('wallet-total')).toHaveText(`${(300 + amount).toFixed(2)} baht`);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByText(won).first()).toBeVisible();
});

test('prize wheel from home: the coin button opens the spin modal; at zero coins the centre button is grey', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await topUp(request, member, 100);
  await signIn(page, member);

  const coins = page.getByRole('button', { name: 'Lucky spin, coins: 1' });
  await expect(coins).toHaveText('1');
  await page.screenshot({ path: '/tmp/spin-home.png' });
  await coins.click();
  const modal = page.getByRole('dialog', { name: 'Lucky spin' });
  await expect(modal.getByTestId('spin-wheel')).toBeVisible();
  const prize = await spinOnce(page, 1);
  await prize.getByRole('button', { name: 'Great!' }).click();
  await expect(prize).toBeHidden();

  const hub = modal.getByRole('button', { name: 'Spin the wheel (coins left: 0)' });
  await expect(hub).toBeDisabled();
  await expect(modal.getByText('Deposit to earn coins for the wheel.')).toBeVisible();
  await expect(modal.getByTestId('coupon-table').getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/spin-modal.png' });
  await expectAccessible(page, 'lucky spin from home, no coins left');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Lucky spin, coins: 0' })).toBeVisible();
});
