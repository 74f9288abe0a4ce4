import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { readClipboard } from '../support/clipboard';
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
  await expect(dialog.getByTestId('deposit-account-no')).toHaveText([
    '407-123-4567',
    '061-876-5432',
  ]);
  await expect(
    dialog.getByText(
      `Transfer from your registered account, Siam Commercial Bank ${member.accountNo.slice(0, 3)}-`,
    ),
  ).toBeVisible();
  await dialog
    .getByRole('button', { name: 'Copy the Siam Commercial Bank account number' })
    .click();
  await expect(page.getByText('Copied: 4071234567')).toBeVisible();
  expect(await readClipboard(page)).toBe('4071234567');
  await page.screenshot({ path: '/tmp/deposit-modal.png' });
  await expectAccessible(page, 'deposit: bank transfer and gift link');

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

test('deposit by QR: create a KBANK QR, watch the countdown, the provider reports it paid, the wallet goes up; a cancelled QR credits nothing', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00 baht');

  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  await expect(dialog.getByRole('tab', { name: 'KBANK' })).toHaveAttribute('aria-selected', 'true');
  const kbank = dialog.getByRole('tabpanel', { name: 'KBANK' });
  const create = kbank.getByRole('button', { name: 'Create QR code' });
  await expect(create).toBeDisabled();
  await kbank.getByRole('button', { name: '100', exact: true }).click();
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/qrcode/KBANK') && r.request().method() === 'POST',
  );
  await create.click();
  const { qrcodeId } = await (await created).json();
  await expect(kbank.getByRole('img', { name: 'KBANK QR code for 100.00 baht' })).toBeVisible();
  await expect(kbank.getByTestId('qr-amount')).toHaveText('Pay exactly 100.00 baht');
  const countdown = kbank.getByTestId('qr-countdown');
  await expect(countdown).toHaveText(/^(10:00|09:5\d)$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 });
  await page.screenshot({ path: '/tmp/deposit-qr.png' });
  await expectAccessible(page, 'deposit: QR code');

  // The member pays in the banking app; the provider reports it through its signed callback.
  const paid = await request.post(`/api/sandbox/qrcode/${qrcodeId}/pay`);
  expect(await paid.json()).toEqual({ success: true });
  await kbank.getByRole('button', { name: 'Transfer done' }).click();
  await expect(page.getByText(/Your balance updates as soon as the payment arrives/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-total')).toHaveText('100.00 baht');

  // A WW QR, cancelled: paying it afterwards credits nothing.
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await dialog.getByRole('tab', { name: 'WW' }).click();
  const ww = dialog.getByRole('tabpanel', { name: 'WW' });
  await ww.getByLabel('Amount (baht)').fill('50');
  await expect(ww.getByRole('button', { name: 'Create QR code' })).toBeDisabled();
  await ww.getByLabel('Amount (baht)').fill('150');
  const wwCreated = page.waitForResponse(
    (r) => r.url().endsWith('/api/qrcode/WW') && r.request().method() === 'POST',
  );
  await ww.getByRole('button', { name: 'Create QR code' }).click();
  const cancelled = (await (await wwCreated).json()).qrcodeId;
  await expect(ww.getByTestId('qr-amount')).toHaveText('Pay exactly 150.00 baht');
  await ww.getByRole('button', { name: 'Cancel QR' }).click();
  await expect(ww.getByRole('button', { name: 'Create QR code' })).toBeVisible();
  await request.post(`/api/sandbox/qrcode/${cancelled}/pay`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByTestId('wallet-total')).toHaveText('100.00 baht');
});

test('KBANK auto bank-name edit: a KTB member with a Thai account name gives it in English before copying, then the copy happens by itself', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, {
    bankCode: 'KTB',
    bankAccountName: 'SOMCHAI JAIDEE',
  });
  // As imported from the operator's earlier system: the name as the bank writes it, in Thai.
  const imported = await request.post('/api/sandbox/account-name', {
    data: { username: member.phone, bankAccountName: 'สมชาย ใจดี' },
  });
  expect(imported.status()).toBe(200);
  await signIn(page, member);

  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  // Another bank's number is copied at once.
  await dialog
    .getByRole('button', { name: 'Copy the Siam Commercial Bank account number' })
    .click();
  await expect(page.getByText('Copied: 4071234567')).toBeVisible();

  await dialog.getByRole('button', { name: 'Copy the Kasikornbank account number' }).click();
  const editor = page.getByRole('dialog', { name: /English/ });
  await expect(editor).toBeVisible();
  const field = editor.getByLabel('Account holder name (English)');
  await field.fill('สมชาย');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Bank account name must be in English only')).toBeVisible();
  await field.fill('Somchai Jaidee');
  await page.screenshot({ path: '/tmp/deposit-edit-name.png' });
  await expectAccessible(page, 'deposit: account name in English');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('Copied: 0618765432')).toBeVisible({ timeout: 5000 });
  expect(await readClipboard(page)).toBe('0618765432');

  // Once the name is in Latin letters, the copy happens at once.
  await dialog.getByRole('button', { name: 'Copy the Kasikornbank account number' }).click();
  await expect(page.getByRole('dialog', { name: /English/ })).toBeHidden();
});
