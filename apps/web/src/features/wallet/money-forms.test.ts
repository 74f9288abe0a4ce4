import { describe, expect, it } from 'vitest';
import { emptyTransferForm, transferFormSchema, withdrawFormSchema } from './money-forms';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the transfer form', () => {
  // A baht member's minimum, as GET /api/lookup/withdraw answers it.
  const TransferFormSchema = transferFormSchema({ transferMin: 1 });

  it('asks for both accounts while a slider rests on its placeholder', () => {
    const result = TransferFormSchema.safeParse({ ...emptyTransferForm, amount: 10 });
    expect(messages(result)).toEqual({
      from: 'transfer.selectAccountMsg',
      to: 'transfer.selectAccountMsg',
    });
  });

  it('refuses the same account on both sides', () => {
    const result = TransferFormSchema.safeParse({ from: 'WALLET', to: 'WALLET', amount: 10 });
    expect(messages(result)).toEqual({ to: 'transfer.sameAccountMsg' });
  });

  it('needs at least 1 baht, and reads an empty amount as 0', () => {
    expect(
      messages(TransferFormSchema.safeParse({ from: 'WALLET', to: 'PG', amount: 0.99 })),
    ).toEqual({ amount: 'transfer.minMsg' });
    expect(
      messages(TransferFormSchema.safeParse({ from: 'WALLET', to: 'PG', amount: '' })),
    ).toEqual({ amount: 'transfer.minMsg' });
  });

  it('holds a kip member to the kip minimum of the lookup (issue 30)', () => {
    const kip = transferFormSchema({ transferMin: 1000 });
    expect(messages(kip.safeParse({ from: 'WALLET', to: 'PG', amount: 999 }))).toEqual({
      amount: 'transfer.minMsg',
    });
    expect(kip.safeParse({ from: 'WALLET', to: 'PG', amount: 1000 }).success).toBe(true);
  });

  it('gives the request body of a valid transfer', () => {
    expect(TransferFormSchema.parse({ from: 'PG', to: 'WALLET', amount: 100 })).toEqual({
      from: 'PG',
      to: 'WALLET',
      amount: 100,
    });
  });
});

describe('the withdraw form', () => {
  const schema = withdrawFormSchema({ withdrawMin: 100, withdrawMax: 50_000 });

  it('refuses below the minimum and above the maximum of the lookup', () => {
    expect(messages(schema.safeParse({ amount: 99.99 }))).toEqual({ amount: 'withdraw.minMsg' });
    expect(messages(schema.safeParse({ amount: '' }))).toEqual({ amount: 'withdraw.minMsg' });
    expect(messages(schema.safeParse({ amount: 50_000.01 }))).toEqual({
      amount: 'withdraw.maxMsg',
    });
  });

  it('accepts the limits themselves', () => {
    expect(schema.parse({ amount: 100 })).toEqual({ amount: 100 });
    expect(schema.parse({ amount: 50_000 })).toEqual({ amount: 50_000 });
  });
});
