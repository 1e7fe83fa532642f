/**
 * CSV writing for exports. Spreadsheet programs run a cell that starts with = + - @ (or a tab or
 * carriage return, which some of them skip before looking) as a formula; such cells get a leading
 * apostrophe so they show as text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quotes a cell when it holds a comma, quote or line break (RFC 4180), after neutralising it. */
export function csvCell(value: unknown): string {
  const text = neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The UTF-8 byte-order mark every CSV export starts with: without it Excel reads the file in the
 * system's ANSI code page and garbles Arabic, Cyrillic, Hindi and Chinese names. Other programs
 * (and the bulk import's parser) skip it.
 */
export const CSV_BOM = '\uFEFF';

/** One CSV record: cells neutralised and quoted, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
