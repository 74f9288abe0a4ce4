import { describe, expect, it } from 'vitest';
import {
  SlipListResponseSchema,
  StatementEntrySchema,
  StatementRequestSchema,
  statusDisplay,
} from './statement';

describe('a status', () => {
  it('shows SUCCESS and FAILED as such, in any case', () => {
    expect(statusDisplay('SUCCESS')).toBe('success');
    expect(statusDisplay('failed')).toBe('failed');
  });

  it('shows anything else as in progress', () => {
    for (const status of ['processing', 'PENDING', '']) {
      expect(statusDisplay(status)).toBe('processing');
    }
  });
});

describe('a statement entry', () => {
  const entry = {
    _id: 's1',
    statementType: 'deposit',
    from: 'KBANK',
    to: 'WALLET',
    status: 'success',
    amount: 100,
    createdAt: '2026-03-01T00:00:00Z',
  };

  it('may carry a description of where the money came from', () => {
    const withBonus = { ...entry, statementType: 'bonus', bonus: { description: 'Welcome' } };
    expect(StatementEntrySchema.parse(withBonus)).toEqual(withBonus);
  });

  it('has one of the five statement types and three statuses', () => {
    expect(StatementEntrySchema.safeParse({ ...entry, statementType: 'refund' }).success).toBe(
      false,
    );
    expect(StatementEntrySchema.safeParse({ ...entry, status: 'pending' }).success).toBe(false);
  });

  it('is asked for a page at a time', () => {
    expect(StatementRequestSchema.safeParse({ page: 0, limit: 10 }).success).toBe(false);
    expect(StatementRequestSchema.safeParse({ page: 1, limit: 1000 }).success).toBe(false);
  });
});

describe('a slip', () => {
  const slip = {
    _id: 'p1',
    createdAt: '2026-03-01T00:00:00Z',
    amount: 500,
    status: 'failed',
    note: 'SLIP_REFNO_DUPLICATED',
    link: '/api/statement/slip/reference/REF1',
    reference: 'REF1',
  };

  it('carries the verifier reason code when it failed', () => {
    expect(SlipListResponseSchema.parse({ total: 1, slips: [slip] }).slips[0]?.note).toBe(
      'SLIP_REFNO_DUPLICATED',
    );
  });

  it('carries no note otherwise, and never a reason outside the catalogue', () => {
    expect(
      SlipListResponseSchema.safeParse({ total: 1, slips: [{ ...slip, note: null }] }).success,
    ).toBe(true);
    expect(
      SlipListResponseSchema.safeParse({ total: 1, slips: [{ ...slip, note: 'OOPS' }] }).success,
    ).toBe(false);
  });
});
