import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember } from '../support/members';
import { statementOf } from '../support/money';
import { sectionsNav, staffPage } from '../support/staff';

test('a balance adjustment asked by finance in Members, refused to its asker and approved by admin, reaches the member’s statement', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await registerMember(request, undefined, { name: 'Suda Adjust' });
  const reason = `Goodwill credit for ${member.phone}`;

  // Finance finds the member and asks for 250.50 baht.
  const finance = await staffPage(browser, baseURL ?? '', 'finance');
  const page = finance.page;
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  await sectionsNav(page).getByRole('link', { name: 'Members' }).click();
  await page.getByRole('textbox', { name: 'Search members' }).fill(member.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: member.phone });
  await expect(row).toContainText('Suda Adjust');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('BAHT');
  // Finance may not deactivate members (members.status is admin and support's).
  await expect(row.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/bo-shots/members.png' });
  await expectAccessible(page, 'members');

  await row.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust the balance of Suda Adjust' });
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  await expect(
    dialog.getByText('Enter an amount other than 0, with at most 2 decimals.'),
  ).toBeVisible();
  await dialog.getByLabel('Amount (BAHT)').fill('250.50');
  await dialog.getByLabel('Reason').fill(reason);
  await page.screenshot({ path: '/tmp/bo-shots/members-adjust.png' });
  await expectAccessible(page, 'members: adjust a balance');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText('The adjustment was sent for approval.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Its asker cannot approve it: the server's maker-checker refusal, in words.
  await sectionsNav(page).getByRole('link', { name: 'Adjustments' }).click();
  const pending = page.getByRole('row').filter({ hasText: reason });
  await expect(pending).toContainText('+250.50 baht');
  await expect(pending).toContainText('finance');
  await pending.getByRole('button', { name: /^Approve adjustment \d+$/ }).click();
  await expect(
    page.getByText('Another staff member must approve what you asked for.'),
  ).toBeVisible();
  await finance.context.close();

  // Admin approves it.
  const admin = await staffPage(browser, baseURL ?? '', 'admin');
  await sectionsNav(admin.page).getByRole('link', { name: 'Adjustments' }).click();
  await expect(admin.page).toHaveURL(/\/backoffice\/adjustments$/);
  const waiting = admin.page.getByRole('row').filter({ hasText: reason });
  await expect(waiting).toContainText('Pending');
  await admin.page.screenshot({ path: '/tmp/bo-shots/adjustments.png' });
  await expectAccessible(admin.page, 'adjustments');
  await waiting.getByRole('button', { name: /^Approve adjustment \d+$/ }).click();
  await expect(admin.page.getByText(/^Adjustment #\d+ approved/)).toBeVisible();
  await expect(admin.page.getByRole('row').filter({ hasText: reason })).toHaveCount(0);
  await admin.page.getByText('Approved', { exact: true }).click();
  await expect(admin.page.getByRole('row').filter({ hasText: reason })).toContainText('admin');
  await admin.context.close();

  // The member's statement: a deposit from ADJUSTMENT, with the reason.
  expect((await statementOf(request, member))[0]).toMatchObject({
    statementType: 'deposit',
    status: 'success',
    from: 'ADJUSTMENT',
    amount: 250.5,
    adjustment: { description: reason },
  });
});
