import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { newAccountNo, registerMember, signIn } from '../support/members';
import { statementOf } from '../support/money';
import { sectionsNav, staffPage } from '../support/staff';

test('a bank transfer nobody matched is assigned to its member by finance, approved by admin, and credited to the member once', async ({
  browser,
  baseURL,
  request,
  page,
}) => {
  const member = await registerMember(request, undefined, { name: 'Niran Kept' });
  // The bank feed reports a transfer from an account no member has: kept for the operator.
  const reference = `KBANK${randomUUID().slice(0, 18)}`;
  const reported = await request.post('/api/sandbox/bank-transfer', {
    data: { bankCode: 'KBANK', accountNo: newAccountNo(), amount: 750.25, reference },
  });
  expect(await reported.json()).toEqual({ success: true, matched: false });

  // Finance lands on the dashboard, where the kept transfer waits.
  const finance = await staffPage(browser, baseURL ?? '', 'finance');
  await expect(finance.page).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(finance.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const kept = finance.page.getByRole('link', { name: /Bank transfers nobody matched/ });
  await expect(finance.page.getByTestId('waiting-bank-transfers')).not.toHaveText('0');
  await finance.page.screenshot({ path: '/tmp/bo-shots/dashboard.png' });
  await expectAccessible(finance.page, 'dashboard');

  // It opens the kept transfers; finance assigns this one to the member, found by phone.
  await kept.click();
  await expect(finance.page).toHaveURL(/\/backoffice\/bank-transfers$/);
  const row = finance.page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('750.25 baht');
  await expect(row).toContainText('Not assigned');
  await row.getByRole('button', { name: `Assign transfer ${reference}` }).click();
  const dialog = finance.page.getByRole('dialog', { name: `Assign transfer ${reference}` });
  await dialog.getByLabel('Find the member').fill(member.phone);
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByLabel('Member', { exact: true }).first().click();
  await finance.page
    .getByRole('option', { name: new RegExp(`Niran Kept · ${member.phone}`) })
    .click();
  await dialog.getByLabel('Reason').fill(`The sender wrote ${member.phone} in the note`);
  await finance.page.screenshot({ path: '/tmp/bo-shots/bank-transfers-assign.png' });
  await expectAccessible(finance.page, 'bank transfers: assign one');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  await expect(
    finance.page.getByText(`Transfer ${reference} was sent for approval.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Waiting for another staff member: its maker is refused (maker-checker).
  await expect(row).toContainText('Waiting for approval');
  await expect(row).toContainText(/To member #\d+, assigned by finance \(adjustment #\d+\)/);
  await finance.page.screenshot({ path: '/tmp/bo-shots/bank-transfers.png' });
  await expectAccessible(finance.page, 'bank transfers');
  await row.getByRole('button', { name: /^Approve adjustment \d+$/ }).click();
  await expect(
    finance.page.getByText('Another staff member must approve what you asked for.'),
  ).toBeVisible();
  await finance.context.close();

  // Admin approves it from the same list (the sign-in's code is fresh: none is asked again).
  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  await sectionsNav(admin.page).getByRole('link', { name: 'Bank transfers' }).click();
  const waiting = admin.page.getByRole('row').filter({ hasText: reference });
  await expect(waiting).toContainText('Waiting for approval');
  await waiting.getByRole('button', { name: /^Approve adjustment \d+$/ }).click();
  await expect(admin.page.getByText(/^Adjustment #\d+ approved/)).toBeVisible();
  await expect(admin.page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  // In Adjustments, the approved assignment names the bank's reference and who decided.
  await sectionsNav(admin.page).getByRole('link', { name: 'Adjustments' }).click();
  await admin.page.getByText('Approved', { exact: true }).click();
  const approved = admin.page.getByRole('row').filter({ hasText: reference });
  await expect(approved).toContainText('Bank transfer');
  await expect(approved).toContainText('admin');

  // The member's page shows the cash, the deposit and the audit of the assignment.
  await approved.getByRole('link', { name: /^#\d+$/ }).click();
  await expect(admin.page.getByRole('heading', { name: 'Niran Kept' })).toBeVisible();
  await expect(admin.page.getByTestId('balance-cash')).toHaveText('750.25 baht');
  await expect(
    admin.page.getByRole('table', { name: 'Movements' }).getByRole('row', { name: /Deposit/ }),
  ).toContainText('750.25 baht');
  await admin.page.screenshot({ path: '/tmp/bo-shots/member.png' });
  await expectAccessible(admin.page, 'member page');
  await admin.context.close();

  // The member's statement: the deposit, once, even when the feed reports it again.
  const again = await request.post('/api/sandbox/bank-transfer', {
    data: { bankCode: 'KBANK', accountNo: newAccountNo(), amount: 750.25, reference },
  });
  expect(again.status(), await again.text()).toBe(200);
  const statement = await statementOf(request, member);
  expect(statement.filter((entry) => entry.statementType === 'deposit')).toEqual([
    expect.objectContaining({ statementType: 'deposit', status: 'success', amount: 750.25 }),
  ]);

  // And the member sees it in their own app.
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('750.25 baht');
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('750.25').first()).toBeVisible();
});
