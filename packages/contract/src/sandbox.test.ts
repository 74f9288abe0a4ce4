import { describe, expect, it } from 'vitest';
import {
  SandboxBankTransferSchema,
  SandboxFaultSchema,
  SandboxGameRoundParamsSchema,
  SandboxGameRoundSchema,
  SandboxServiceSchema,
  SandboxSettingsSchema,
  SandboxSettleSchema,
  SandboxSlipSchema,
  SandboxTruelinkSchema,
} from './sandbox';

describe('the sandbox', () => {
  it('reports a bank transfer from a normalised account number', () => {
    expect(
      SandboxBankTransferSchema.parse({
        bankCode: 'scb',
        accountNo: '123-456-7890',
        amount: 500,
        reference: 'R1',
      }),
    ).toEqual({ bankCode: 'SCB', accountNo: '1234567890', amount: 500, reference: 'R1' });
  });

  it('makes gift links of any positive amount from a phone', () => {
    expect(SandboxTruelinkSchema.safeParse({ amount: 1, phoneNumber: '0812345678' }).success).toBe(
      true,
    );
    expect(SandboxTruelinkSchema.safeParse({ amount: 0, phoneNumber: '0812345678' }).success).toBe(
      false,
    );
  });

  it('makes slips for a transfer at a given time', () => {
    const slip = {
      amount: 100,
      fromAccountNo: '1234567890',
      toAccountNo: '0987654321',
      transferredAt: '2026-03-01T10:00:00Z',
    };
    expect(SandboxSlipSchema.safeParse(slip).success).toBe(true);
    expect(SandboxSlipSchema.safeParse({ ...slip, transferredAt: 'now' }).success).toBe(false);
  });

  it('plays a round at a provider named in any case', () => {
    expect(SandboxGameRoundParamsSchema.parse({ code: 'pg' })).toEqual({ code: 'PG' });
    expect(SandboxGameRoundSchema.parse({ bet: 10, win: 0 })).toEqual({ bet: 10, win: 0 });
    expect(SandboxGameRoundSchema.safeParse({ bet: -1, win: 0 }).success).toBe(false);
  });

  it('settles withdrawals as success or failed only', () => {
    expect(
      SandboxSettleSchema.safeParse({ username: '0812345678', status: 'failed' }).success,
    ).toBe(true);
    expect(SandboxSettleSchema.safeParse({ username: '0812345678', status: 'lost' }).success).toBe(
      false,
    );
  });

  it('injects the four fault modes into game and payment providers', () => {
    for (const mode of ['ok', 'fail', 'timeout', 'lost']) {
      expect(SandboxFaultSchema.parse({ target: 'joker', mode })).toEqual({
        target: 'JOKER',
        mode,
      });
    }
    expect(SandboxFaultSchema.parse({ target: 'PAYTIMZ', mode: 'lost' }).target).toBe('PAYTIMZ');
    expect(SandboxFaultSchema.safeParse({ target: 'NOBODY', mode: 'fail' }).success).toBe(false);
    expect(SandboxFaultSchema.safeParse({ target: 'PG', mode: 'slow' }).success).toBe(false);
  });

  it('closes the service and switches features', () => {
    expect(SandboxServiceSchema.safeParse({ terminated: 'yes' }).success).toBe(false);
    expect(SandboxSettingsSchema.parse({ registerOTP: false })).toEqual({ registerOTP: false });
  });
});
