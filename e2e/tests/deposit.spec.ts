import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerMember, signIn } from '../support/members';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('deposit by bank transfer: copy our account number, transfer from the registered account, see the wallet credited once', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 baht');

  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  await expect(dialog.getByTestId('deposit-account-no')).toHaveText(['407-123-4567']);
  await expect(
    dialog.getByText(
      `Transfer from your registered account, Siam Commercial Bank ${member.accountNo.slice(0, 3)}-`,
    ),
  ).toBeVisible();
  await dialog
    .getByRole('button', { name: 'Copy the Siam Commercial Bank account number' })
    .click();
  await expect(page.getByText('Copied: 4071234567')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('4071234567');
  await page.screenshot({ path: '/tmp/deposit-modal.png' });

  // The bank feed reports the member's transfer twice; the open modal reads the wallet again.
  const reference = `SCB${randomUUID().slice(0, 20)}`;
  for (let i = 0; i < 2; i++) {
    const reported = await request.post('/api/sandbox/bank-transfer', {
      data: { bankCode: 'SCB', accountNo: member.accountNo, amount: 300, reference },
    });
    expect(await reported.json()).toEqual({ success: true, matched: true });
  }
  await expect(page.getByTestId('wallet-total')).toHaveText('300.00 baht', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('300.00').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/deposit-statement.png', fullPage: true });
});

test('deposit by TrueMoney gift link: a good link credits the wallet, the same link again is refused', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  const made = await request.post('/api/sandbox/truelink', {
    data: { amount: 25, phoneNumber: member.phone },
  });
  const { link } = await made.json();
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 baht');

  const handIn = async () => {
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Gift link').fill(link);
    await expect(send).toBeEnabled();
    await send.click();
    return dialog;
  };

  const dialog = await handIn();
  await expect(page.getByText('25.00 baht is in your wallet.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-total')).toHaveText('25.00 baht');
  await page.screenshot({ path: '/tmp/deposit-giftlink.png' });

  const again = await handIn();
  await expect(page.getByText('This gift link has already been used.').first()).toBeVisible();
  await expect(again).toBeVisible();
  await expect(page.getByTestId('wallet-total')).toHaveText('25.00 baht');
});
