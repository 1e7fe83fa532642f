import * as v from 'valibot';
import { emailSchema } from './common';
import { REFUSALS } from './errors';
import { departmentField, jobTitleField, nameField, USER_MESSAGES, username, usernameRule } from './users';

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

/**
 * One import row as the server accepts it: each row is judged on its own (per-row results), and
 * the values it stores are this schema's output (normalised), never the raw cells.
 */
export const importRowSchema = v.pipe(
  v.object({
    username,
    email: emailSchema(),
    firstName: nameField(USER_MESSAGES.firstNameLength),
    lastName: nameField(USER_MESSAGES.lastNameLength),
    department: departmentField,
    jobTitle: jobTitleField,
  }),
  usernameRule(),
);
/** What one import row sends: names, department and job title are optional columns. */
export type ImportRowInput = {
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  department?: string;
  jobTitle?: string;
  /** A site's name and the manager's username (issue 30); checked against the database by the server. */
  site?: string;
  manager?: string;
};
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
  /** The optional columns as the file has them ('' when absent). */
  firstName: string;
  lastName: string;
  department: string;
  jobTitle: string;
  site: string;
  manager: string;
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

/** The file's header names: the export's own (`jobTitle`) and how people write them in a spreadsheet. */
const columnKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The columns of the import template, in the order the template file has them. */
export const IMPORT_TEMPLATE_COLUMNS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'department',
  'jobTitle',
  'site',
  'manager',
] as const;

/**
 * Reads a bulk-import CSV: header row with `username` and `email` in any order (case-insensitive,
 * other columns ignored), and optionally `firstName`, `lastName`, `department` and `jobTitle` (also
 * written "Job title", "job_title"). Rows missing username or email, with a bad email or an
 * over-long value, or repeating a username or email of an earlier row are marked invalid.
 */
export function parseImportCsv(text: string): ParsedImport {
  const table = parseCsv(text);
  if (table.length === 0) return { rows: [], fileError: USER_MESSAGES.noRows, invalidCount: 0 };
  const header = table[0].map(columnKey);
  const ui = header.indexOf('username');
  const ei = header.indexOf('email');
  if (ui < 0 || ei < 0) return { rows: [], fileError: MISSING_COLUMNS, invalidCount: 0 };
  const cell = (cells: string[], name: string) => {
    const index = header.indexOf(name.toLowerCase());
    return index < 0 ? '' : (cells[index] ?? '').trim();
  };
  const seenUser = new Set<string>();
  const seenEmail = new Set<string>();
  const rows = table.slice(1).map((cells, index): ImportRow => {
    const raw = {
      username: (cells[ui] ?? '').trim(),
      email: (cells[ei] ?? '').trim(),
      firstName: cell(cells, 'firstName'),
      lastName: cell(cells, 'lastName'),
      department: cell(cells, 'department'),
      jobTitle: cell(cells, 'jobTitle'),
      site: cell(cells, 'site'),
      manager: cell(cells, 'manager'),
    };
    const parsed = v.safeParse(importRowSchema, raw);
    // Duplicates are judged on the normalised username, as the server stores it.
    const key = (parsed.success ? parsed.output.username : raw.username).toLowerCase();
    let error: string | null = parsed.success ? null : parsed.issues[0].message;
    if (!error && seenUser.has(key)) error = USER_MESSAGES.duplicateUsernameInFile;
    if (!error && seenEmail.has(raw.email.toLowerCase())) error = USER_MESSAGES.duplicateEmailInFile;
    if (key) seenUser.add(key);
    if (raw.email) seenEmail.add(raw.email.toLowerCase());
    return { line: index + 2, ...raw, error };
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
