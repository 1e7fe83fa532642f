import * as v from 'valibot';
import { emailSchema } from './common';
import { REFUSALS } from './errors';
import { USER_MESSAGES, username, usernameRule } from './users';

/*
 * Files of users (POST /api/users/bulk, the leavers file of bulk-deactivate): parsed here so the
 * browser and the Worker read a file the same way.
 */

/** Rows per POST /api/users/bulk request. Each new account costs one 100k-iteration PBKDF2 hash
 * (about 15 ms of CPU), so 200 rows stay near 3 s of CPU; the client sends a big file in chunks. */
export const IMPORT_CHUNK_SIZE = 200;

export type BulkImportResult =
  | { username: string; email: string; status: 'success'; id: string; password: string }
  | { username: string; email: string; status: 'error'; message: string };

/** One import row as the server accepts it: each row is judged on its own (per-row results). */
export const importRowSchema = v.pipe(v.object({ username, email: emailSchema() }), usernameRule());
export const importBody = v.pipe(
  v.array(v.unknown(), 'Send a list of users'),
  v.minLength(1, USER_MESSAGES.noRows),
  v.maxLength(IMPORT_CHUNK_SIZE, USER_MESSAGES.tooManyRows),
);

/**
 * Reads a leavers file: a header row with a `username` column (case-insensitive, other columns
 * ignored, so an export of the user list filtered down to the leavers works as it is).
 */
export function parseLeaversCsv(text: string): { usernames: string[]; fileError: string | null } {
  const table = parseCsv(text);
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const ui = header.indexOf('username');
  if (ui < 0) return { usernames: [], fileError: LEAVERS_MISSING_COLUMN };
  const usernames = [
    ...new Set(
      table
        .slice(1)
        .map((cells) => (cells[ui] ?? '').trim())
        .filter(Boolean),
    ),
  ];
  return { usernames, fileError: usernames.length === 0 ? USER_MESSAGES.noRows : null };
}
export const LEAVERS_MISSING_COLUMN = REFUSALS['user.csvMissingUsernameColumn'];

// ---------------------------------------------------------------------------------------------
// CSV (import is parsed here so the browser and the Worker read a file the same way)
// ---------------------------------------------------------------------------------------------

/** RFC 4180 parser: quoted fields with "" escapes, commas and newlines inside quotes, CRLF/LF/CR, a leading BOM. */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty line between rows) are not users.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

export interface ImportRow {
  /** 1-based line number of the data row in the file (header is line 1). */
  line: number;
  username: string;
  email: string;
  /** The first reason the row cannot be imported, or null. */
  error: string | null;
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Set when the file itself is unusable (no header with username and email). */
  fileError: string | null;
  invalidCount: number;
}

export const MISSING_COLUMNS = REFUSALS['user.csvMissingColumns'];

/**
 * Reads a bulk-import CSV: header row with `username` and `email` in any order (case-insensitive,
 * other columns ignored). Rows missing either value, with a bad email, or repeating a username or
 * email of an earlier row are marked invalid.
 */
export function parseImportCsv(text: string): ParsedImport {
  const table = parseCsv(text);
  if (table.length === 0) return { rows: [], fileError: USER_MESSAGES.noRows, invalidCount: 0 };
  const header = table[0].map((h) => h.trim().toLowerCase());
  const ui = header.indexOf('username');
  const ei = header.indexOf('email');
  if (ui < 0 || ei < 0) return { rows: [], fileError: MISSING_COLUMNS, invalidCount: 0 };
  const seenUser = new Set<string>();
  const seenEmail = new Set<string>();
  const rows = table.slice(1).map((cells, index): ImportRow => {
    const usernameValue = (cells[ui] ?? '').trim();
    const emailValue = (cells[ei] ?? '').trim();
    const parsed = v.safeParse(importRowSchema, { username: usernameValue, email: emailValue });
    let error: string | null = parsed.success ? null : parsed.issues[0].message;
    if (!error && seenUser.has(usernameValue.toLowerCase())) error = USER_MESSAGES.duplicateUsernameInFile;
    if (!error && seenEmail.has(emailValue.toLowerCase())) error = USER_MESSAGES.duplicateEmailInFile;
    if (usernameValue) seenUser.add(usernameValue.toLowerCase());
    if (emailValue) seenEmail.add(emailValue.toLowerCase());
    return { line: index + 2, username: usernameValue, email: emailValue, error };
  });
  return {
    rows,
    fileError: rows.length === 0 ? USER_MESSAGES.noRows : null,
    invalidCount: rows.filter((r) => r.error).length,
  };
}

export function invalidRowsWarning(count: number): string {
  return `${count} ${count === 1 ? 'user has' : 'users have'} invalid data (missing username or email). Please fix the file before importing.`;
}
