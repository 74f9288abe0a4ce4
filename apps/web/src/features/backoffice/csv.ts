/**
 * The back office's one CSV writer: the audit log's export and every report table's "Download
 * CSV" (docs/backoffice.md, "The screens") write through it.
 */

/** One column of a CSV: its header, and the cell it writes for a row. */
export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) gets a leading apostrophe: reasons and names are typed by people, and an export
 * must not become a way to run one (OWASP, "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. A number
 * is written as JavaScript writes it (`-5`, `1500.1`): a spreadsheet reads it as a number, never
 * as a formula. Anything else but text (a state before and after) is written as JSON.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows as CSV: the headers, then one line per row. Lines end in CRLF (RFC 4180); a byte-order
 * mark first, so a spreadsheet reads the Thai and Lao in it as UTF-8.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
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
