import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn } from '../support/members';

/**
 * A new member, signed in, on the bonus page through the plus drawer's Bonus entry (the spec
 * section 2: "Bonus: goes to /user/bonus").
 */
async function newMemberOnBonusPage(page: Page, request: APIRequestContext) {
  const member = await registerMember(request);
  await signIn(page, member);
  await page.getByRole('button', { name: 'Quick actions' }).click();
  const entry = page.getByRole('dialog', { name: 'Quick actions' }).getByRole('button', {
    name: 'Bonus',
  });
  await expect(entry).toBeVisible();
  await page.screenshot({ path: '/tmp/bonus-drawer.png' });
  await entry.click();
  await expect(page).toHaveURL(/\/user\/bonus$/);
  await expect(page.getByRole('heading', { name: 'Bonus', exact: true })).toBeVisible();
  return member;
}

test('promotion code: typed in lower case, shown and sent upper case, found and activated; an unknown code is not found', async ({
  page,
  request,
}) => {
  await newMemberOnBonusPage(page, request);

  const code = page.getByLabel('Promotion code');
  await code.pressSequentially('newyear2027');
  await expect(code).toHaveValue('NEWYEAR2027');
  const found = page.waitForResponse((r) => r.url().includes('/api/promotion/find/'));
  await page.getByRole('button', { name: 'Search' }).click();
  expect((await found).url()).toMatch(/\/api\/promotion\/find\/NEWYEAR2027$/);

  const details = page.getByRole('dialog', { name: 'Promotion NEWYEAR2027' });
  await expect(details.getByText(/New Year promotion: 50% of your next deposit/)).toBeVisible();
  await expect(details.getByTestId('promotion-percent-fail')).toHaveText('10% of deposit + bonus');
  // The operator's notice, its %percentFail% replaced by the promotion's.
  const notice = details.getByTestId('bonus-notice');
  await expect(notice).toContainText(/\b10%/);
  await expect(notice).not.toContainText('%percentFail%');
  await page.screenshot({ path: '/tmp/bonus-promotion.png' });
  await expectAccessible(page, 'promotion code details');

  await details.getByRole('button', { name: 'Activate' }).click();
  await expect(
    page.getByText('NEWYEAR2027 is on. Your next deposit receives the bonus.'),
  ).toBeVisible();
  await expect(details).toBeHidden();
  const panel = page.getByTestId('running-bonus-panel');
  await expect(panel).toContainText('NEWYEAR2027');
  await expect(panel.getByTestId('running-deposit-hint')).toHaveText(
    'Deposit at least 100.00 baht to receive 50% up to 300.00 baht.',
  );

  await code.fill('');
  await code.pressSequentially('nope');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No promotion found for NOPE.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('An error occured')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/bonus-not-found.png', fullPage: true });
});

test('a listed bonus: DAILY10 taken from its card, paid by a 500-baht bank transfer, its turnover shown, then cancelled with confirmation and the bonus wallet forfeited', async ({
  page,
  request,
}) => {
  const member = await newMemberOnBonusPage(page, request);
  await page.screenshot({ path: '/tmp/bonus-list.png', fullPage: true });
  await expectAccessible(page, 'bonus');

  await page.getByRole('button', { name: /^DAILY10 / }).click();
  const details = page.getByRole('dialog', { name: 'Bonus DAILY10' });
  await expect(details.getByText(/Daily bonus 10% up to 200 baht/)).toBeVisible();
  await expect(details.getByTestId('bonus-notice')).toContainText(/\b10%/);
  await page.screenshot({ path: '/tmp/bonus-details.png' });
  await expectAccessible(page, 'bonus details');
  await details.getByRole('button', { name: 'Activate' }).click();
  await expect(details).toBeHidden();

  const panel = page.getByTestId('running-bonus-panel');
  await expect(panel.getByTestId('running-deposit-hint')).toHaveText(
    'Deposit at least 100.00 baht to receive 10% up to 200.00 baht.',
  );
  await expect(page.getByRole('listitem', { name: 'DAILY10, your running bonus' })).toContainText(
    'Running',
  );
  // One bonus at a time: the others can no longer be taken while DAILY10 runs.
  await page.getByRole('button', { name: /^WEEKLY20 / }).click();
  const weekly = page.getByRole('dialog', { name: 'Bonus WEEKLY20' });
  await weekly.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('A bonus is already active.')).toBeVisible();
  await weekly.getByRole('button', { name: 'Cancel' }).click();
  await expect(weekly).toBeHidden();

  // The bank feed reports the member's transfer; the page, polling while the bonus waits, shows it paid.
  const reported = await request.post('/api/sandbox/bank-transfer', {
    data: {
      bankCode: 'SCB',
      accountNo: member.accountNo,
      amount: 500,
      reference: `SCB${randomUUID().slice(0, 20)}`,
    },
  });
  expect(await reported.json()).toEqual({ success: true, matched: true });
  await expect(panel.getByTestId('running-bonus')).toHaveText('50.00 baht', { timeout: 20_000 });
  await expect(panel.getByText('In play', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('running-deposit')).toHaveText('500.00 baht');
  await expect(panel.getByTestId('running-turnover')).toHaveText('0.00 baht of 1,650.00 baht');
  await expect(panel.getByTestId('running-still-needed')).toContainText(
    'Still needed: 1,650.00 baht.',
  );
  await expect(panel.getByRole('progressbar', { name: 'Turnover' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(panel.getByTestId('running-withdrawable')).toHaveText('0.00 baht');
  await expect(panel.getByTestId('running-locked')).toHaveText('550.00 baht');
  await expect(panel).toContainText('now 500.00 baht) falls to 55.00 baht');

  // The member moves 200 baht to PG and bets 100 there; the next sync records the bet.
  const token = (
    await (
      await request.post('/api/login', {
        data: { username: member.phone, password: member.password },
      })
    ).json()
  ).token;
  const asMember = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/wallet/activate/PG', { headers: asMember })).status()).toBe(200);
  const moved = await request.post('/api/wallet/transfer', {
    data: { from: 'WALLET', to: 'PG', amount: 200 },
    headers: { ...asMember, 'Idempotency-Key': randomUUID() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const round = await request.post('/api/sandbox/games/PG/round', {
    data: { bet: 100, win: 0 },
    headers: asMember,
  });
  expect(round.status(), await round.text()).toBe(200);
  expect((await request.get('/api/wallet/refresh/slot', { headers: asMember })).status()).toBe(200);
  await page.reload();
  await expect(panel.getByTestId('running-turnover')).toHaveText('100.00 baht of 1,650.00 baht');
  await expect(panel.getByTestId('running-still-needed')).toContainText(
    'Still needed: 1,550.00 baht.',
  );
  await expect(panel.getByRole('progressbar', { name: 'Turnover' })).toHaveAttribute(
    'aria-valuenow',
    String((100 / 1650) * 100),
  );
  await expect(panel.getByTestId('running-locked')).toHaveText('450.00 baht');
  await expect(panel).toContainText('now 400.00 baht) falls to 55.00 baht');
  await panel.screenshot({ path: '/tmp/bonus-running.png' });
  await expectAccessible(page, 'bonus, one running');

  await panel.getByRole('button', { name: 'Cancel bonus' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this bonus?' });
  await expect(confirm).toContainText('DAILY10 ends now and the bonus wallet is forfeited.');
  await page.waitForTimeout(400); // the picture only: the modal's opening transition ends
  await page.screenshot({ path: '/tmp/bonus-cancel-confirm.png' });
  await expectAccessible(page, 'cancel the bonus?');
  await confirm.getByRole('button', { name: 'Keep the bonus' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel).toBeVisible();

  await panel.getByRole('button', { name: 'Cancel bonus' }).click();
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('The bonus has been cancelled.')).toBeVisible();
  await expect(panel).toBeHidden();
  // Received today already: the daily bonus is used up until tomorrow.
  await expect(page.getByRole('listitem', { name: 'DAILY10, used up for now' })).toBeVisible();
  await page.screenshot({ path: '/tmp/bonus-cancelled.png', fullPage: true });

  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('tab', { name: 'Bonus' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Bonus' })).toContainText('0.00 baht');
  await page.getByRole('tab', { name: 'Cash' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Cash' })).toContainText('300.00 baht');
});
