import type { StaffRole } from '@wallet/contract/staff';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness';

/** The sandbox's current code of a demo staff member's authenticator. */
export async function sandboxCode(app: FastifyInstance, username: string): Promise<string> {
  const res = await call(app, 'GET', `/api/sandbox/staff/${username}/totp`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.code);
}

/** A demo staff member (one per role, password `<role>-demo`) signed in: both steps. */
export async function staffSignIn(
  app: FastifyInstance,
  username: StaffRole,
  options: { ip?: string } = {},
): Promise<{ token: string; cookie: string }> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    remoteAddress: options.ip ?? '192.0.2.80',
    payload: { username, password: `${username}-demo` },
  });
  expect(first.statusCode, first.body).toBe(200);
  const verify = async () =>
    app.inject({
      method: 'POST',
      url: '/api/backoffice/login/totp',
      remoteAddress: options.ip ?? '192.0.2.80',
      payload: { challenge: first.json().challenge, code: await sandboxCode(app, username) },
    });
  let second = await verify();
  // The sandbox may offer the last step's code, which a busy machine can send after its step
  // ended: the wrong code is refused, and the next one asked for holds.
  if (second.statusCode === 401 && second.json().code === 'OTP_CODE_INVALID')
    second = await verify();
  expect(second.statusCode, second.body).toBe(200);
  const cookie = [second.headers['set-cookie']].flat().find((c) => c?.startsWith('wallet_staff='));
  return { token: String(second.json().token), cookie: String(cookie?.split(';')[0]) };
}

const signedIn = new WeakMap<object, Map<StaffRole, Promise<string>>>();

/**
 * A demo staff member's token, signed in once per database and kept: a code works once, so a
 * suite that signed in the same account three times within 30 seconds would wait for the next.
 * Tests that end sessions sign in with `staffSignIn` instead.
 */
export function staffToken(app: FastifyInstance, username: StaffRole): Promise<string> {
  const tokens = signedIn.get(app.db) ?? new Map<StaffRole, Promise<string>>();
  signedIn.set(app.db, tokens);
  let token = tokens.get(username);
  if (!token) {
    token = staffSignIn(app, username).then((session) => session.token);
    tokens.set(username, token);
  }
  return token;
}
