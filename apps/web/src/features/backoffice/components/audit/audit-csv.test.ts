import type { AuditEntry } from '@wallet/contract/staff';
import { describe, expect, it } from 'vitest';
import { auditCsv } from './audit-csv';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 7,
  at: '2024-05-01T10:00:00.000Z',
  staff: 'finance',
  action: 'adjustment.request',
  target: 'member:12',
  reason: 'Goodwill',
  ip: '127.0.0.1',
  before: null,
  after: { amount: 100, status: 'pending' },
  ...overrides,
});

describe('the audit CSV', () => {
  it('writes a header and one line per entry, the state as JSON, in CRLF lines after a BOM', () => {
    const csv = auditCsv([entry(), entry({ id: 6, staff: null, after: null })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('id,at,staff,action,target,reason,ip,before,after');
    expect(lines[1]).toBe(
      '7,2024-05-01T10:00:00.000Z,finance,adjustment.request,member:12,Goodwill,127.0.0.1,,' +
        '"{""amount"":100,""status"":""pending""}"',
    );
    expect(lines[2]).toBe(
      '6,2024-05-01T10:00:00.000Z,,adjustment.request,member:12,Goodwill,127.0.0.1,,',
    );
    expect(lines[3]).toBe('');
  });
});
