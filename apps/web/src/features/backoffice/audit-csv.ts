import type { AuditEntry } from '@wallet/contract/staff';

const columns = [
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

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) gets a leading apostrophe: reasons and names are typed by people, and an export
 * must not become a way to run one (OWASP, "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The audit rows loaded on screen as CSV: a header, then one line per entry, the state before
 * and after as JSON. Lines end in CRLF (RFC 4180); a byte-order mark first, so a spreadsheet
 * reads the Thai and Lao in it as UTF-8.
 */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [columns.join(',')];
  for (const entry of entries)
    lines.push(columns.map((column) => csvCell(entry[column])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a file to save. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
