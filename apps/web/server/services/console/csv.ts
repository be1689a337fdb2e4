/** A byte-order mark first: Excel then reads the file as UTF-8 (Thai shows as Thai). */
export const csvBom = "\uFEFF";

/** Characters a spreadsheet may read as the start of a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text a spreadsheet would run as a formula gets a leading `'`, so it shows as text instead.
 */
export function toCsvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 has it. */
export function toCsvRow(cells: readonly string[]): string {
  return `${cells.map(toCsvCell).join(",")}\r\n`;
}
