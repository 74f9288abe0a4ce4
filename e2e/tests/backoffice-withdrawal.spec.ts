import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, topUp } from '../support/members';
import { statementOf, withdraw } from '../support/money';
import { sectionsNav, staffPage } from '../support/staff';

test('finance approves a withdrawal held above the limit in the Withdrawals screen, and the member sees it paid', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await registerMember(request, undefined, { name: 'Kanya Withdraw' });
  await topUp(request, member, 20_000);
  // Above the demo's 5,000 baht: held for staff, processing to the member.
  expect(await withdraw(request, member, 6_000)).toMatchObject({ status: 'processing' });
  expect((await statementOf(request, member))[0]).toMatchObject({
    statementType: 'withdraw',
    status: 'processing',
    amount: 6_000,
  });

  const { context, page } = await staffPage(browser, baseURL ?? '', 'finance');
  await sectionsNav(page).getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page).toHaveURL(/\/backoffice\/withdrawals$/);
  await expect(page.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: member.phone });
  await expect(row).toContainText('Kanya Withdraw');
  await expect(row).toContainText('6,000.00 baht');
  await expect(row).toContainText('Waiting');
  await expect(page.getByTestId('withdrawals-count')).not.toHaveText('0');
  await expect(page.getByText('Oldest waiting')).toBeVisible();
  await page.screenshot({ path: '/tmp/bo-shots/withdrawals.png' });
  await expectAccessible(page, 'withdrawals');

  // Approved from its row (the sign-in's code is fresh: no code is asked again).
  await row.getByRole('button', { name: /^Approve withdrawal \d+$/ }).click();
  await expect(page.getByText(/^Withdrawal #\d+ approved and sent to the bank\.$/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: member.phone })).toHaveCount(0);

  // Listed among the approved ones, with who decided.
  await page.getByText('Approved', { exact: true }).click();
  await expect(page).toHaveURL(/\?status=approved$/);
  const approved = page.getByRole('row').filter({ hasText: member.phone });
  await expect(approved).toContainText('finance');
  await page.screenshot({ path: '/tmp/bo-shots/withdrawals-approved.png' });
  await expectAccessible(page, 'withdrawals: approved');
  await context.close();

  // The payout bank pays it; the member's statement shows it successful.
  const settled = await request.post('/api/sandbox/withdrawals/settle', {
    data: { username: member.phone, status: 'success' },
  });
  expect(settled.status(), await settled.text()).toBe(200);
  expect((await statementOf(request, member))[0]).toMatchObject({
    statementType: 'withdraw',
    status: 'success',
    amount: 6_000,
  });
});
