import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { type Member, registerMember, signIn } from '../support/members';

/** The seed's MANUAL receiving account (GSB): the account slips are for. */
const MANUAL_ACCOUNT_NO = '0203456789';

/** Uploads a slip picture through the deposit modal's slip form. */
async function uploadSlip(page: Page, picture: Buffer, screenshot?: string) {
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  await expect(
    dialog.getByText(
      'Deposit slips must be genuine bank-app files, not screenshots, and uploaded within 1 hour of the transfer.',
    ),
  ).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('Slip image (PNG or JPEG)').click();
  await (await chooser).setFiles({ name: 'slip.png', mimeType: 'image/png', buffer: picture });
  const send = dialog.getByRole('button', { name: 'Upload slip' });
  await send.scrollIntoViewIfNeeded();
  if (screenshot) {
    await page.screenshot({ path: screenshot });
    await expectAccessible(page, 'deposit: slip upload');
  }
  await send.click();
  await expect(page.getByText(/Your slip was received and is being checked/)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The sandbox bank's slip of the member's transfer into the manual account. */
async function sandboxSlip(
  request: Parameters<typeof registerMember>[0],
  member: Member,
  amount: number,
  minutesAgo: number,
) {
  const made = await request.post('/api/sandbox/slip', {
    data: {
      amount,
      fromAccountNo: member.accountNo,
      toAccountNo: MANUAL_ACCOUNT_NO,
      transferredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    },
  });
  expect(made.status()).toBe(200);
  expect(made.headers()['content-type']).toBe('image/png');
  return { picture: await made.body(), reference: made.headers()['x-slip-reference'] ?? '' };
}

async function openSlips(page: Page, screenshot?: string) {
  await page.getByRole('link', { name: 'History' }).click();
  const button = page.getByRole('button', { name: 'Slip upload status' });
  await expect(button).toBeVisible();
  if (screenshot) {
    // The spec's constants and limits: the toast goes after 4 s.
    await expect(page.getByText(/is being checked/)).toBeHidden();
    await page.screenshot({ path: screenshot });
  }
  await button.click();
  const modal = page.getByRole('dialog', { name: 'Uploaded slips' });
  await expect(modal).toBeVisible();
  return modal;
}

test('deposit by slip: upload the bank slip, see it checked and the wallet credited; an expired slip shows its reason', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  const good = await sandboxSlip(request, member, 350, 5);
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 baht');

  await uploadSlip(page, good.picture, '/tmp/slip-upload.png');
  const modal = await openSlips(page, '/tmp/slip-statement.png');
  const entry = modal.getByTestId('slip-entry').first();
  await expect(entry.getByText('Success')).toBeVisible({ timeout: 20_000 });
  await expect(entry.getByText('350.00 baht')).toBeVisible();
  await expect(entry.getByText(`Ref. ${good.reference}`)).toBeVisible();
  const link = await entry.getByRole('link', { name: 'View slip' }).getAttribute('href');
  expect(link).toContain('/api/statement/slip/image/');
  const picture = await page.request.get(link ?? '');
  expect(picture.headers()['content-type']).toBe('image/png');
  expect((await picture.body()).equals(good.picture)).toBe(true);
  await modal.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('wallet-total')).toHaveText('350.00 baht');

  // A slip of a transfer made two hours ago: past the 1-hour upload window.
  const expired = await sandboxSlip(request, member, 80, 120);
  await uploadSlip(page, expired.picture);
  const again = await openSlips(page);
  const refused = again.getByTestId('slip-entry').first();
  await expect(refused.getByText('Failed')).toBeVisible({ timeout: 20_000 });
  await expect(refused.getByText('(expired slip)')).toBeVisible();
  await expect(again.getByTestId('slip-entry')).toHaveCount(2);
  await expectAccessible(page, 'uploaded slips');
  await page.screenshot({ path: '/tmp/slip-modal.png' });
  await again.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('wallet-total')).toHaveText('350.00 baht');
});
