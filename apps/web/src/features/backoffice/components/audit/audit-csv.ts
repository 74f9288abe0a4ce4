import type { AuditEntry } from '@wallet/contract/staff';
import { type CsvColumn, toCsv } from '../../csv';

const fields = [
  'id',
  'at',
  'staff',
  'action',
  'target',
  'reason',
  'ip',
  'before',
  'after',
] as const;

/** Every field of an entry under its own name, the state before and after as JSON. */
const columns: CsvColumn<AuditEntry>[] = fields.map((field) => ({
  header: field,
  value: (entry) => entry[field],
}));

/** The audit rows loaded on screen as CSV ("Export CSV"). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv(columns, entries);
}
