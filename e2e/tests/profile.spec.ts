import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, signIn } from '../support/members';

test('the profile shows the member and the account number as 3-3-rest', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/user\/home$/);
  await page.goto('/user/profile');
  await expect(page.getByText(member.name).first()).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(member.phone);
  const { accountNo } = member;
  const grouped = `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}`;
  await expect(page.getByText(grouped)).toBeVisible();
  await expect(page.getByText('SOMCHAI JAIDEE', { exact: true })).toBeVisible();
  await expectAccessible(page, 'profile');
});

test('changing the password: a wrong current one is refused, then the new one signs in', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/user\/home$/);
  await page.goto('/user/profile');

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByLabel('New password', { exact: true }).fill('Brand-new-pass-2');
  await dialog.getByLabel('Confirm new password').fill('Brand-new-pass-3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await expectAccessible(page, 'change password, with an error');

  await dialog.getByLabel('Confirm new password').fill('Brand-new-pass-2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your new password is saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, member);
  await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
  await signIn(page, member, { password: 'Brand-new-pass-2' });
  await expect(page).toHaveURL(/\/user\/home$/);
});
