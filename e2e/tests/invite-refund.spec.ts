import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { readClipboard } from '../support/clipboard';
import { type Member, memberToken, registerMember, signIn, topUp } from '../support/members';

const DAY_MS = 24 * 60 * 60 * 1000;

type Round = { bet: number; playedAt?: Date };

/**
 * The member plays at PG as the sandbox allows: `amount` moved there from the wallet, then
 * rounds that win nothing, each `playedAt` if given (a day that has ended counts for the loss
 * refund, docs/promotions.md); the wallet refresh then syncs the rounds.
 */
async function loseAtPg(
  request: APIRequestContext,
  member: Member,
  { amount, rounds }: { amount: number; rounds: Round[] },
) {
  const asMember = { Authorization: `Bearer ${await memberToken(request, member)}` };
  expect((await request.get('/api/wallet/activate/PG', { headers: asMember })).status()).toBe(200);
  const moved = await request.post('/api/wallet/transfer', {
    data: { from: 'WALLET', to: 'PG', amount },
    headers: { ...asMember, 'Idempotency-Key': randomUUID() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  for (const { bet, playedAt } of rounds) {
    const round = await request.post('/api/sandbox/games/PG/round', {
      data: { bet, win: 0, ...(playedAt ? { playedAt: playedAt.toISOString() } : {}) },
      headers: asMember,
    });
    expect(round.status(), await round.text()).toBe(200);
  }
  expect((await request.get('/api/wallet/refresh/slot', { headers: asMember })).status()).toBe(200);
}

/**
 * The spec's screens and states: the drawer entry shows the banners first; Continue opens the
 * modal. `check` runs the accessibility check on the banners.
 */
async function openFromDrawer(
  page: Page,
  entry: string,
  title: string,
  shot: string,
  { check = false } = {},
) {
  await page.getByRole('button', { name: 'Quick actions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Quick actions' });
  await expect(drawer.getByRole('button', { name: entry })).toBeVisible();
  await page.waitForTimeout(400); // the picture only: the drawer's opening transition ends
  await page.screenshot({ path: '/tmp/invite-refund-drawer.png' });
  await drawer.getByRole('button', { name: entry }).click();
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel.getByRole('listitem')).not.toHaveCount(0);
  await expect(carousel.locator('img').first()).toBeVisible();
  await page.waitForTimeout(400); // the picture only: the modal's opening transition ends
  await page.screenshot({ path: shot });
  if (check) await expectAccessible(page, `${title}: banners`);
  await page
    .getByRole('dialog', { name: title, exact: true })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(carousel).toBeHidden();
  const modal = page.getByRole('dialog', { name: title, exact: true });
  await expect(modal).toBeVisible();
  return modal;
}

test('invite: the link copied from the modal, a friend registered with it loses a round, and the invite bonus is received from home', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const inviter = await registerMember(request);
  await signIn(page, inviter);

  const invite = await openFromDrawer(
    page,
    'Invite',
    'Invite friends',
    '/tmp/invite-carousel.png',
    {
      check: true,
    },
  );
  const link = invite.getByLabel('Your invite link');
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/register\\?code=PR\\d+$`));
  const url = await link.inputValue();
  await expect(invite.getByText('No friends have signed up with your link yet.')).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Receive invite bonus' })).toBeDisabled();
  await expect(invite.getByTestId('invite-rates')).toHaveText(
    'Friends who sign up with your link earn you 5% of their losses and 0.5% of their winning bets.',
  );
  await invite.getByRole('button', { name: 'Copy invite link' }).click();
  await expect(page.getByText(`Copied: ${url}`)).toBeVisible();
  expect(await readClipboard(page)).toBe(url);
  await page.screenshot({ path: '/tmp/invite-modal.png' });
  await expectAccessible(page, 'invite friends');
  await invite.getByRole('button', { name: 'Close' }).click();
  await expect(invite).toBeHidden();

  // The friend signs up with the code of the link, tops up and loses 100 baht at PG.
  const inviteCode = new URL(url).searchParams.get('code') ?? '';
  const friend = await registerMember(request, undefined, { inviteCode, name: 'Noi Friend' });
  await topUp(request, friend, 500);
  await loseAtPg(request, friend, { amount: 200, rounds: [{ bet: 100 }] });

  // 5% of the 100 baht lost.
  await page.reload();
  const card = page.getByRole('region', { name: 'Referral bonus' });
  await expect(card.getByTestId('invite-amount')).toHaveText('5.00 baht');
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 baht');
  await card.screenshot({ path: '/tmp/invite-home-card.png' });
  await expectAccessible(page, 'home, with a referral bonus');

  const again = await openFromDrawer(
    page,
    'Invite',
    'Invite friends',
    '/tmp/invite-carousel-2.png',
  );
  await expect(again.getByTestId('invite-ready')).toHaveText('5.00 baht');
  const friends = again.getByRole('table', { name: 'Invited friends' });
  await expect(friends.getByRole('row')).toHaveCount(2);
  await expect(friends.getByRole('row').nth(1)).toContainText('Noi Friend');
  await expect(friends.getByRole('row').nth(1)).toContainText('5.00 baht');
  await page.screenshot({ path: '/tmp/invite-modal-friend.png' });
  await expectAccessible(page, 'invite friends, with a friend');
  await again.getByRole('button', { name: 'Close' }).click();
  await expect(again).toBeHidden();

  await card.getByRole('button', { name: 'Receive referral bonus' }).click();
  await expect(page.getByText('5.00 baht invite bonus added to your wallet.')).toBeVisible();
  await expect(page.getByTestId('wallet-total')).toHaveText('5.00 baht');
  await expect(card.getByTestId('invite-amount')).toHaveText('0.00 baht');
  await expect(card.getByRole('button', { name: 'Receive referral bonus' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/invite-home-received.png' });
});

test("refund: nothing for a new member; yesterday's loss received into the log and moved to the wallet with confirmation", async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);

  const empty = await openFromDrawer(page, 'Refund', 'Refund', '/tmp/refund-carousel.png', {
    check: true,
  });
  await expect(empty.getByText('No refund found.')).toBeVisible();
  await expect(empty.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  await expect(empty.getByText('No refunds received yet.')).toBeVisible();
  await expect(empty.getByTestId('refund-success')).toHaveText('0.5%');
  await expect(empty.getByTestId('refund-fail')).toHaveText('5%');
  await page.screenshot({ path: '/tmp/refund-modal-empty.png' });
  await expectAccessible(page, 'refund, none yet');
  await empty.getByRole('button', { name: 'Close' }).click();
  await expect(empty).toBeHidden();

  // 200 baht lost yesterday counts; 50 lost today waits for tomorrow.
  await topUp(request, member, 500);
  const yesterday = new Date(Date.now() - DAY_MS);
  await loseAtPg(request, member, {
    amount: 310,
    rounds: [{ bet: 200, playedAt: yesterday }, { bet: 50 }],
  });

  const modal = await openFromDrawer(page, 'Refund', 'Refund', '/tmp/refund-carousel-2.png');
  await expect(modal.getByTestId('refund-amount')).toHaveText('10.00 baht');
  await page.screenshot({ path: '/tmp/refund-modal.png' });
  await modal.getByRole('button', { name: 'Receive refund' }).click();
  await expect(page.getByText('The refund has been received.')).toBeVisible();
  await expect(modal.getByText('No refund found.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  const log = modal.getByRole('table', { name: 'Refund log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('10.00 baht');
  await expectAccessible(page, 'refund, received');

  await modal.getByRole('button', { name: 'Refund to wallet' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move your refunds to your wallet?' });
  await expect(confirm).toContainText('Refund rates: success 0.5%, fail 5%.');
  await page.waitForTimeout(400); // the picture only
  await page.screenshot({ path: '/tmp/refund-confirm.png' });
  await expectAccessible(page, 'move the refunds to the wallet?');
  await confirm.getByRole('button', { name: 'Move to wallet' }).click();
  await expect(page.getByText('10.00 baht refund moved to your wallet.')).toBeVisible();
  await expect(modal).toBeHidden();
  // 190 left in the wallet, 60 at PG (310 − 200 − 50), and the 10 baht refund.
  await expect(page.getByTestId('wallet-total')).toHaveText('260.00 baht');
});

test('refund: receiving is off, with the condition text, while a bonus runs', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  const asMember = { Authorization: `Bearer ${await memberToken(request, member)}` };
  const taken = await request.get('/api/bonus/activate/DAILY10', { headers: asMember });
  expect(taken.status(), await taken.text()).toBe(200);
  const paid = await request.post('/api/sandbox/bank-transfer', {
    data: {
      bankCode: 'SCB',
      accountNo: member.accountNo,
      amount: 500,
      reference: `SCB${randomUUID().slice(0, 20)}`,
    },
  });
  expect(await paid.json()).toEqual({ success: true, matched: true });
  await loseAtPg(request, member, {
    amount: 300,
    rounds: [{ bet: 100, playedAt: new Date(Date.now() - DAY_MS) }],
  });
  await signIn(page, member);

  const modal = await openFromDrawer(page, 'Refund', 'Refund', '/tmp/refund-carousel-3.png');
  await expect(modal.getByTestId('refund-amount')).toHaveText('5.00 baht');
  await expect(modal.getByTestId('refund-blocked')).toHaveText(
    'A refund cannot be received while a bonus is running. Finish or cancel the bonus first.',
  );
  await expect(modal.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  await expect(modal.getByText('No refunds received yet.')).toBeVisible();
  await page.screenshot({ path: '/tmp/refund-modal-bonus.png' });
  await expectAccessible(page, 'refund, blocked by a running bonus');
});
