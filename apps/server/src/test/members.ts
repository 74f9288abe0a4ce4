import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness';

/** A Thai mobile number no other test in the file uses. */
let sequence = randomInt(0, 1_000_000);
export function newPhone(): string {
  sequence += 1;
  return `08${String(sequence % 100_000_000).padStart(8, '0')}`;
}

let laoSequence = randomInt(0, 1_000_000);
/** A Lao mobile number: 020 + 8 digits, written without its leading 0 when `withZero` is false. */
export function newLaoPhone(withZero = true): string {
  laoSequence += 1;
  const number = `20${String(laoSequence % 100_000_000).padStart(8, '0')}`;
  return withZero ? `0${number}` : number;
}

export function newAccountNo(): string {
  return `${randomInt(100, 999)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

export const PASSWORD = 'correct horse 42';

/** A registration body that passes every rule of the Thai variant. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Somchai Jaidee',
    username: newPhone(),
    password: PASSWORD,
    sourceCode: 'facebook',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: newAccountNo(),
    ...overrides,
  };
}

/** Sends and verifies an OTP for `phone` through the sandbox, as the wizard does; its token. */
export async function verifyPhone(app: FastifyInstance, phone: string): Promise<string> {
  const sent = await call(app, 'POST', '/api/otp/send', { body: { phoneNumber: phone } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const otp = await call(app, 'GET', `/api/sandbox/otp/${phone}`);
  const verified = await call(app, 'POST', '/api/otp/verify', {
    body: { otpToken: sent.body.otpToken, otpCode: otp.body.otpCode },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return String(sent.body.otpToken);
}

export type TestMember = { username: string; password: string; body: Record<string, unknown> };

/** Registers a member the way the wizard does: OTP first (the seed turns it on), then the form. */
export async function registerMember(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestMember> {
  const body = registration(overrides);
  await verifyPhone(app, String(body.username));
  const res = await call(app, 'POST', '/api/account', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { username: String(res.body.username), password: String(body.password), body };
}

export async function signIn(app: FastifyInstance, username: string, password = PASSWORD) {
  const res = await call(app, 'POST', '/api/login', { body: { username, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.token);
}

/** A registered, signed-in member. */
export async function memberWithToken(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const member = await registerMember(app, overrides);
  return { ...member, token: await signIn(app, member.username, member.password) };
}
