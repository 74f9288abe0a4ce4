import { describe, expect, it } from 'vitest';
import type { Slot } from './games';
import {
  MoneyMoveResponseSchema,
  TransferAllRequestSchema,
  TransferRequestSchema,
  toUserInfo,
  transferRequestSchema,
  type WalletResponse,
  WithdrawRequestSchema,
  walletTotal,
  withdrawSchema,
} from './wallet';

type Issue = { path: PropertyKey[]; message: string; params?: Record<string, unknown> };
function issues(result: { error?: { issues: Issue[] } | undefined }) {
  return (result.error?.issues ?? []).map(({ path, message }) => ({ path, message }));
}

describe('a transfer', () => {
  it('moves between the wallet and a game account, either way', () => {
    expect(TransferRequestSchema.parse({ from: 'WALLET', to: 'PG', amount: 100 })).toEqual({
      from: 'WALLET',
      to: 'PG',
      amount: 100,
    });
    expect(
      TransferRequestSchema.safeParse({ from: 'JOKER', to: 'WALLET', amount: 1 }).success,
    ).toBe(true);
  });

  it('asks to select an account when a side is missing or the placeholder', () => {
    expect(issues(TransferRequestSchema.safeParse({ to: 'PG', amount: 10 }))).toEqual([
      { path: ['from'], message: 'transfer.selectAccountMsg' },
    ]);
    expect(
      issues(TransferRequestSchema.safeParse({ from: 'WALLET', to: 'NONE', amount: 10 })),
    ).toEqual([{ path: ['to'], message: 'transfer.selectAccountMsg' }]);
  });

  it('refuses an unknown game code as an unselected account', () => {
    expect(
      issues(TransferRequestSchema.safeParse({ from: 'WALLET', to: 'pg', amount: 10 })),
    ).toEqual([{ path: ['to'], message: 'transfer.selectAccountMsg' }]);
  });

  it('refuses the same account on both sides', () => {
    expect(issues(TransferRequestSchema.safeParse({ from: 'PG', to: 'PG', amount: 10 }))).toEqual([
      { path: ['to'], message: 'transfer.sameAccountMsg' },
    ]);
  });

  it("refuses 0 as TRANSFER_MINIMUM; the minimum of the currency is the service's", () => {
    expect(
      issues(TransferRequestSchema.safeParse({ from: 'WALLET', to: 'PG', amount: 0 })),
    ).toEqual([{ path: ['amount'], message: 'TRANSFER_MINIMUM' }]);
    expect(
      TransferRequestSchema.safeParse({ from: 'WALLET', to: 'PG', amount: 0.99 }).success,
    ).toBe(true);
  });

  it('holds the form to the minimum it is given, in baht or kip (issue 30)', () => {
    for (const [min, amount] of [
      [1, 0.99],
      [1000, 999],
    ] as const) {
      expect(
        issues(transferRequestSchema(min).safeParse({ from: 'WALLET', to: 'PG', amount })),
      ).toEqual([{ path: ['amount'], message: 'transfer.minMsg' }]);
      expect(
        transferRequestSchema(min).safeParse({ from: 'WALLET', to: 'PG', amount: min }).success,
      ).toBe(true);
    }
  });

  it('refuses a malformed amount as KEY_INVALID before the minimum', () => {
    for (const amount of [-5, 1.005, '10']) {
      const result = TransferRequestSchema.safeParse({ from: 'WALLET', to: 'PG', amount });
      expect(result.error?.issues[0]?.message).toBe('KEY_INVALID');
    }
  });

  it('of everything goes to one named account', () => {
    expect(TransferAllRequestSchema.parse({ to: 'WALLET' })).toEqual({ to: 'WALLET' });
    expect(issues(TransferAllRequestSchema.safeParse({}))).toEqual([
      { path: ['to'], message: 'transfer.selectAccountMsg' },
    ]);
  });
});

describe('a withdrawal', () => {
  const limits = { withdrawMin: 100, withdrawMax: 50_000 };

  it('is accepted between the limits, both included', () => {
    for (const amount of [100, 2_500.5, 50_000]) {
      expect(withdrawSchema(limits).parse({ amount })).toEqual({ amount });
    }
  });

  it('below the minimum says withdraw.minMsg with the minimum to show', () => {
    const [issue] = withdrawSchema(limits).safeParse({ amount: 99.99 }).error?.issues ?? [];
    expect(issue).toMatchObject({ path: ['amount'], message: 'withdraw.minMsg' });
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ min: 100 });
  });

  it('above the maximum says withdraw.maxMsg with the maximum to show', () => {
    const [issue] = withdrawSchema(limits).safeParse({ amount: 50_000.01 }).error?.issues ?? [];
    expect(issue).toMatchObject({ path: ['amount'], message: 'withdraw.maxMsg' });
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ max: 50_000 });
  });

  it('of nothing is refused even when the minimum is 0', () => {
    const open = withdrawSchema({ withdrawMin: 0, withdrawMax: 1000 });
    expect(issues(open.safeParse({ amount: 0 }))).toEqual([
      { path: ['amount'], message: 'withdraw.minMsg' },
    ]);
    expect(issues(WithdrawRequestSchema.safeParse({ amount: 0 }))).toEqual([
      { path: ['amount'], message: 'KEY_INVALID' },
    ]);
  });

  it('needs a number', () => {
    expect(issues(withdrawSchema(limits).safeParse({ amount: '' }))).toEqual([
      { path: ['amount'], message: 'KEY_INVALID' },
    ]);
  });
});

const slot = (code: Slot['code'], category: Slot['category'], amount: number): Slot => ({
  code,
  name: code,
  logo: `/logos/${code}.png`,
  amount,
  isActive: true,
  category,
  maintenance: false,
});

describe('the wallet total', () => {
  it('is the wallet amount plus every slot amount, without float drift', () => {
    const slots = [slot('PG', 'slot', 0.1), slot('UFABET', 'sport', 0.2)];
    expect(walletTotal({ amount: 0.3 }, slots)).toBe(0.6);
    expect(walletTotal({ amount: 10 }, [])).toBe(10);
  });
});

describe('the user info state', () => {
  const response: WalletResponse = {
    profile: {
      _id: 7,
      name: 'Somchai',
      username: '0812345678',
      coin: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      bankCode: 'SCB',
      bankAccountName: 'SOMCHAI',
      bankAccountNo: '1234567890',
      bank: { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' },
      currency: 'BAHT',
      inviteCode: 'PR7',
    },
    bankAccount: {
      bankAccountName: 'SOMCHAI',
      bankAccountNo: '1234567890',
      bank: { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' },
    },
    wallet: { amount: 150, cash: 100, bonus: 50 },
    invite: { amount: 12.5, success: 1, fail: 5 },
    slots: [slot('PG', 'slot', 10), slot('UFABET', 'sport', 20), slot('HUAYHD', 'lotto', 30.25)],
  };

  it('groups the game accounts by category and records when it was read', () => {
    const info = toUserInfo(response, new Date('2026-03-01T10:00:00Z'));
    expect(info.slotAccount.map((s) => s.code)).toEqual(['PG']);
    expect(info.sportAccount.map((s) => s.code)).toEqual(['UFABET']);
    expect(info.lottoAccount.map((s) => s.code)).toEqual(['HUAYHD']);
    expect(info.total).toBe(210.25);
    expect(info.timesync).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect([info.inviteAmount, info.inviteSuccess, info.inviteFail]).toEqual([12.5, 1, 5]);
  });
});

describe('the answer of a money move', () => {
  it('is a success that is either done or still processing, never failed', () => {
    const base = { success: true, amount: 10, wallet: { amount: 0, cash: 0, bonus: 0 } };
    expect(MoneyMoveResponseSchema.safeParse({ ...base, status: 'processing' }).success).toBe(true);
    expect(MoneyMoveResponseSchema.safeParse({ ...base, status: 'failed' }).success).toBe(false);
  });
});
