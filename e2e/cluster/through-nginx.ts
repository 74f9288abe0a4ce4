import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { newAccountNo, newThaiPhone } from '../support/members';
import type { Secrets } from './logs';

export type Registered = { phone: string; password: string; accountNo: string; token: string };

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * What members and staff do through nginx (`api` is bound to its origin), each secret they
 * use noted in `secrets` so the log check can look for it.
 */
export function throughNginx(api: APIRequestContext, secrets: Secrets) {
  /** Registers through nginx as the wizard does (code sent, read, checked, then the form). */
  async function register(): Promise<Registered> {
    const member = {
      phone: newThaiPhone(),
      password: `Cluster-${randomUUID().slice(0, 8)}`,
      accountNo: newAccountNo(),
    };
    secrets.add('member password', member.password);
    secrets.add('bank account number', member.accountNo);
    const sent = await api.post('/api/otp/send', { data: { phoneNumber: member.phone } });
    expect(sent.status(), await sent.text()).toBe(200);
    const { otpToken } = await sent.json();
    secrets.add('OTP token', otpToken);
    const otp = await (await api.get(`/api/sandbox/otp/${member.phone}`)).json();
    secrets.add('OTP code', otp.otpCode);
    const verified = await api.post('/api/otp/verify', {
      data: { otpToken, otpCode: otp.otpCode },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const registered = await api.post('/api/account', {
      data: {
        name: 'Somchai Jaidee',
        username: member.phone,
        password: member.password,
        sourceCode: 'facebook',
        inviteCode: '',
        bankCode: 'SCB',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: member.accountNo,
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const login = await api.post('/api/login', {
      data: { username: member.phone, password: member.password },
    });
    expect(login.status()).toBe(200);
    const { token } = await login.json();
    secrets.add('member token', token);
    return { ...member, token };
  }

  /** The sandbox bank reports a transfer from the member's own account: it is credited. */
  async function deposit(member: Registered, amount: number) {
    const paid = await api.post('/api/sandbox/bank-transfer', {
      data: {
        bankCode: 'SCB',
        accountNo: member.accountNo,
        amount,
        reference: `SCB${randomUUID().slice(0, 20)}`,
      },
    });
    expect(await paid.json()).toEqual({ success: true, matched: true });
  }

  const walletOf = async (member: Registered) =>
    (await (await api.get('/api/wallet', { headers: bearer(member.token) })).json()).wallet;

  /** A staff member signed in through both steps, through nginx: the token. */
  async function staffToken(username: string): Promise<string> {
    const first = await api.post('/api/backoffice/login', {
      data: { username, password: `${username}-demo` },
    });
    expect(first.status(), await first.text()).toBe(200);
    secrets.add('staff password', `${username}-demo`);
    const { challenge } = await first.json();
    for (let attempt = 1; ; attempt++) {
      const { code } = await (await api.get(`/api/sandbox/staff/${username}/totp`)).json();
      secrets.add('authenticator code', code);
      const second = await api.post('/api/backoffice/login/totp', { data: { challenge, code } });
      if (second.status() === 200) {
        const { token } = await second.json();
        secrets.add('staff token', token);
        return token;
      }
      // A code sent just as its 30 s step ended: the next one holds.
      expect(attempt, await second.text()).toBe(1);
      await new Promise((next) => setTimeout(next, 31_000 - (Date.now() % 30_000)));
    }
  }

  return { register, deposit, walletOf, staffToken };
}
