import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A Thai mobile number nobody else in this run has: 10 digits starting 06, 08 or 09. */
export function newThaiPhone(): string {
  const prefix = ['06', '08', '09'][randomInt(3)];
  return `${prefix}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** A Lao mobile number: 020 followed by 8 digits. */
export function newLaoPhone(): string {
  return `020${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** A bank account number nobody else in this run has (EXISTING_BANK otherwise). */
export function newAccountNo(): string {
  return String(randomInt(1_000_000_000, 9_999_999_999));
}

export type Member = { phone: string; password: string; name: string; accountNo: string };

/**
 * Registers a member through the API, as the wizard does (OTP send → sandbox code → verify →
 * register), for journeys that start from an existing member; `inviteCode` (`PR{id}`) makes
 * them that member's invited friend.
 */
export async function registerMember(
  request: APIRequestContext,
  bank: { bankCode: string; bankAccountName: string } = {
    bankCode: 'SCB',
    bankAccountName: 'SOMCHAI JAIDEE',
  },
  { inviteCode = '', name = 'Somchai Jaidee' }: { inviteCode?: string; name?: string } = {},
): Promise<Member> {
  const member: Member = {
    phone: newThaiPhone(),
    password: 'Secret-pass-1',
    name,
    accountNo: newAccountNo(),
  };
  const sent = await request.post('/api/otp/send', { data: { phoneNumber: member.phone } });
  expect(sent.status()).toBe(200);
  const { otpToken } = await sent.json();
  const otp = await (await request.get(`/api/sandbox/otp/${member.phone}`)).json();
  const verified = await request.post('/api/otp/verify', {
    data: { otpToken, otpCode: otp.otpCode },
  });
  expect(verified.status()).toBe(200);
  const registered = await request.post('/api/account', {
    data: {
      name: member.name,
      username: member.phone,
      password: member.password,
      sourceCode: 'facebook',
      inviteCode,
      ...bank,
      bankAccountNo: member.accountNo,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return member;
}

/** Each language's name in the language control, and its `<html lang>` (Lao's real code). */
const languages = { ไทย: 'th', ລາວ: 'lo', English: 'en' } as const;

/** Switches the interface to a language through the language control every shell has. */
export async function useLanguage(page: Page, language: keyof typeof languages): Promise<void> {
  await page
    .getByRole('button', { name: /language|ภาษา|ພາສາ/i })
    .first()
    .click();
  await page.getByRole('menuitemradio', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', languages[language]);
}

/** Switches the interface to English. */
export async function useEnglish(page: Page): Promise<void> {
  await useLanguage(page, 'English');
}

/** Signs in through the login page, in English. */
export async function signIn(
  page: Page,
  member: Member,
  { password = member.password, remember = false }: { password?: string; remember?: boolean } = {},
) {
  await page.goto('/login');
  await useEnglish(page);
  await page.getByLabel('Phone number').fill(member.phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  // Signed in, the member lands on home, where the agreement appears after 1.5 s.
  const landedHome = await Promise.race([
    page.waitForURL(/\/user\/home$/).then(
      () => true,
      () => false,
    ),
    page
      .getByRole('alert')
      .first()
      .waitFor()
      .then(
        () => false,
        () => false,
      ),
  ]);
  if (landedHome) await acceptAgreement(page);
}

/** The spec's screens, Home: the member agreement, shown until accepted. */
export async function acceptAgreement(page: Page) {
  const dialog = page.getByRole('dialog', { name: /Member agreement/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'I agree' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Wizard steps 1 and 2: the phone number, then the code the sandbox SMS sender "sent" —
 * or, with `alter`, a code made from it (to try a wrong one).
 */
export async function enterPhoneAndCode(
  page: Page,
  request: APIRequestContext,
  phone: string,
  alter: (sent: string) => string = (sent) => sent,
) {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`We sent a 6-digit code by SMS to ${phone}`)).toBeVisible();
  const { otpCode } = await (await request.get(`/api/sandbox/otp/${phone}`)).json();
  await page.getByLabel('Code digit 1 of 6').click();
  await page.keyboard.type(alter(otpCode));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The member's bearer token, for the API calls a journey makes as that member. */
export async function memberToken(request: APIRequestContext, member: Member): Promise<string> {
  const login = await request.post('/api/login', {
    data: { username: member.phone, password: member.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).token;
}

/** The token the page signed in with (session storage, or local storage with "remember me"). */
export async function pageToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () => window.sessionStorage.getItem('token') ?? window.localStorage.getItem('token'),
  );
}

/** The sandbox top-up (the API contract): `POST /api/wallet/add` with the member's own token. */
export async function topUp(request: APIRequestContext, member: Member, amount: number) {
  const token = await memberToken(request, member);
  const added = await request.post('/api/wallet/add', {
    data: { amount },
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(added.status(), await added.text()).toBe(200);
}
