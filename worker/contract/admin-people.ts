import * as v from 'valibot';
import type { AdminPermissions, DomainRef } from './auth';
import { ADMIN_PERMISSION_KEYS } from './auth';
import { arrayOrPageQueryFields, emailSchema, idString, requiredString, searchText, stripBidiControls, type Pagination } from './common';
import { MAX_ATTEMPTS } from './course';
import { preferredLanguage, type Language } from './language';
import { REFUSALS } from './errors';

// ---------------------------------------------------------------------------------------------
// Users (/api/users)
// ---------------------------------------------------------------------------------------------

export const ROLES = ['ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** The user list's status filter; ACTIVE by default, so leavers leave lists and counts. */
export const USER_STATUS_FILTERS = ['ACTIVE', 'DEACTIVATED', 'ALL'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** The one user shape that leaves the server: never a hash, never a stored password. */
export interface UserDto {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  domains: DomainRef[];
  department: string | null;
  jobTitle: string | null;
  /** Preferred interface language; null follows the browser. E-mails and certificates use it. */
  language: Language | null;
  passwordCreatedAt: string;
  mustChangePassword: boolean;
  createdAt: string;
  /** DEACTIVATED: a leaver; sign-in refused, every record and certificate kept. */
  status: UserStatus;
  deactivatedAt: string | null;
  deactivationReason: string | null;
}

/** GET /api/users/:id adds the admin profile fields. */
export interface UserDetailDto extends UserDto {
  permissions: AdminPermissions | null;
  lastLogin: string | null;
}

export interface CreateUserResponse {
  user: UserDto;
  password: string;
}

export type BulkImportResult =
  | { username: string; email: string; status: 'success'; id: string; password: string }
  | { username: string; email: string; status: 'error'; message: string };

export const USER_MESSAGES = {
  usernameRequired: REFUSALS['user.usernameRequired'],
  usernameSpaces: REFUSALS['user.usernameSpaces'],
  usernameLength: REFUSALS['user.usernameLength'],
  usernameEmailLike: REFUSALS['user.usernameEmailLike'],
  currentPasswordForEmail: REFUSALS['user.currentPasswordForEmail'],
  firstNameLength: REFUSALS['user.firstNameLength'],
  lastNameLength: REFUSALS['user.lastNameLength'],
  role: REFUSALS['user.role'],
  usernameTaken: REFUSALS['user.usernameTaken'],
  emailTaken: REFUSALS['user.emailTaken'],
  duplicateUsernameInFile: REFUSALS['user.duplicateUsernameInFile'],
  duplicateEmailInFile: REFUSALS['user.duplicateEmailInFile'],
  notFound: REFUSALS['user.notFound'],
  deleteSelf: REFUSALS['user.deleteSelf'],
  deleteLastAdmin: REFUSALS['user.deleteLastAdmin'],
  deleteCertified:
    REFUSALS['user.deleteCertified'],
  demoteLastAdmin: REFUSALS['user.demoteLastAdmin'],
  bookRequired: REFUSALS['user.bookRequired'],
  usersRequired: REFUSALS['user.usersRequired'],
  bookNotFound: REFUSALS['book.notFound'],
  adminHasAllBooks: REFUSALS['user.adminHasAllBooks'],
  adminOnlyByAdmin: REFUSALS['user.adminOnlyByAdmin'],
  tooManyRows: REFUSALS['user.tooManyRows'],
  accountDeactivated: REFUSALS['user.accountDeactivated'],
  reasonRequired: REFUSALS['common.reasonRequired'],
  reasonLength: REFUSALS['user.reasonLength'],
  deactivateSelf: REFUSALS['user.deactivateSelf'],
  deactivateLastManager: REFUSALS['user.deactivateLastManager'],
  removeOwnUserManagement: REFUSALS['user.removeOwnUserManagement'],
  removeLastManager: REFUSALS['user.removeLastManager'],
  permissionsNeedUserManagement: REFUSALS['user.permissionsNeedUserManagement'],
  tooManyUsers: REFUSALS['user.tooManyUsers'],
  noRows: REFUSALS['user.noRows'],
} as const;

/** Rows per POST /api/users/bulk request. Each new account costs one 100k-iteration PBKDF2 hash
 * (about 15 ms of CPU), so 200 rows stay near 3 s of CPU; the client sends a big file in chunks. */
export const IMPORT_CHUNK_SIZE = 200;

const username = v.pipe(
  v.optional(v.string(USER_MESSAGES.usernameRequired), ''),
  v.string(USER_MESSAGES.usernameRequired),
  v.transform(stripBidiControls),
  v.trim(),
  v.nonEmpty(USER_MESSAGES.usernameRequired),
  v.maxLength(50, USER_MESSAGES.usernameLength),
  v.regex(/^\S+$/, USER_MESSAGES.usernameSpaces),
);
const nameField = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null ? null : stripBidiControls(value))),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(50, message))),
  );

/**
 * Sign-in reads input with an '@' as an e-mail address and anything else as a username, so a
 * username may hold an '@' only when it is the account's own e-mail (any case): otherwise it could
 * shadow another account's address.
 */
export function usernameFitsEmail(usernameValue: string, emailValue: string): boolean {
  return !usernameValue.includes('@') || usernameValue.toLowerCase() === emailValue.toLowerCase();
}
/** The username/e-mail rule on an object that carries both fields; the message lands on `username`. */
const usernameRule = <T extends { username: string; email: string }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || usernameFitsEmail(dataset.value.username, dataset.value.email)) return;
    const path = [{ type: 'object' as const, origin: 'value' as const, input: dataset.value, key: 'username', value: dataset.value.username }];
    addIssue({ message: USER_MESSAGES.usernameEmailLike, path: path as unknown as [v.IssuePathItem] });
  });
/** Sent with a change of one's own e-mail address; never trimmed (like every password). */
const currentPassword = v.optional(v.string());
const optionalText = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  v.nullable(v.pipe(v.string(), v.maxLength(100, 'Must be at most 100 characters'))),
);
/** Original clients send `role: ""` (or null) for an ordinary account: that is a learner (USER). */
const role = v.pipe(
  v.optional(v.nullable(v.union([v.picklist(ROLES, USER_MESSAGES.role), v.literal('', USER_MESSAGES.role)], USER_MESSAGES.role)), 'USER'),
  v.transform((value) => value || 'USER'),
);
const idList = (message: string) => v.pipe(v.optional(v.array(v.string(), message), []), v.minLength(1, message), v.maxLength(5000, 'Too many items'));

/** `GET /api/users`: the plain array without `page` (original clients), the paged envelope with it. */
export const userListQuery = v.object({
  ...arrayOrPageQueryFields(),
  status: v.optional(v.picklist(USER_STATUS_FILTERS, 'Status must be ACTIVE, DEACTIVATED or ALL'), 'ACTIVE'),
  role: v.optional(v.union([v.picklist(ROLES), v.literal('')], USER_MESSAGES.role), ''),
  domainId: v.optional(v.union([idString, v.literal('')]), ''),
});
export interface UserListPage {
  users: UserDto[];
  pagination: Pagination;
}

/** `PUT /api/users/{id}/domains`: the user's books become exactly these (an empty list clears them). */
export const userDomainsBody = v.object({
  domainIds: v.pipe(v.array(idString, USER_MESSAGES.bookRequired), v.maxLength(90, 'Too many items')),
});
export interface UserDomainsResponse {
  message: string;
  user: UserDto;
}

export interface GeneratedPasswordResponse {
  password: string;
}

export const createUserBody = v.pipe(
  v.object({
    username,
    email: emailSchema(),
    role,
    firstName: nameField(USER_MESSAGES.firstNameLength),
    lastName: nameField(USER_MESSAGES.lastNameLength),
    language: preferredLanguage,
  }),
  usernameRule(),
);
export type CreateUserBody = v.InferInput<typeof createUserBody>;

export const permissionsSchema = v.object({
  moduleManagement: v.optional(v.boolean()),
  userManagement: v.optional(v.boolean()),
  domainConfiguration: v.optional(v.boolean()),
  reportGeneration: v.optional(v.boolean()),
  aiContentGeneration: v.optional(v.boolean()),
  systemConfiguration: v.optional(v.boolean()),
});
/** Labels of the six flags on the admin profile, in display order. */
export const PERMISSION_LABELS: Record<(typeof ADMIN_PERMISSION_KEYS)[number], string> = {
  moduleManagement: 'Module Management',
  userManagement: 'User Management',
  domainConfiguration: 'Domain Configuration',
  reportGeneration: 'Report Generation',
  aiContentGeneration: 'AI Content Generation',
  systemConfiguration: 'System Configuration',
};

/**
 * What a learner may change on their own profile: names, username, e-mail and preferred language
 * (absent leaves it, null clears it). Anything else is dropped.
 */
export const profileBody = v.pipe(
  v.object({
    username,
    email: emailSchema(),
    firstName: nameField(USER_MESSAGES.firstNameLength),
    lastName: nameField(USER_MESSAGES.lastNameLength),
    language: preferredLanguage,
    currentPassword,
  }),
  usernameRule(),
);
export type ProfileBody = v.InferInput<typeof profileBody>;

/** What an administrator may change on any user; every field optional (partial update). */
export const adminUpdateUserBody = v.object({
  username: v.optional(username),
  email: v.optional(emailSchema()),
  firstName: v.optional(nameField(USER_MESSAGES.firstNameLength)),
  lastName: v.optional(nameField(USER_MESSAGES.lastNameLength)),
  // "" or null on an edit leaves the role as it is (original clients send it for an unchanged learner).
  role: v.pipe(
    v.optional(v.nullable(v.union([v.picklist(ROLES, USER_MESSAGES.role), v.literal('', USER_MESSAGES.role)], USER_MESSAGES.role))),
    v.transform((value) => value || undefined),
  ),
  department: v.optional(optionalText),
  jobTitle: v.optional(optionalText),
  language: preferredLanguage,
  permissions: v.optional(permissionsSchema),
  currentPassword,
});
export type AdminUpdateUserBody = v.InferInput<typeof adminUpdateUserBody>;

/** `{userIds: [...]}`, or the bare array of ids that original clients send; both become `{userIds}`. */
const bulkIds = v.pipe(v.array(v.string(), USER_MESSAGES.usersRequired), v.minLength(1, USER_MESSAGES.usersRequired), v.maxLength(5000, 'Too many items'));
export const bulkDeleteBody = v.pipe(
  v.union([bulkIds, v.object({ userIds: idList(USER_MESSAGES.usersRequired) })], USER_MESSAGES.usersRequired),
  v.transform((value): { userIds: string[] } => ({ userIds: Array.isArray(value) ? value : value.userIds })),
);
export const assignDomainsBody = v.object({
  userIds: idList(USER_MESSAGES.usersRequired),
  domainIds: idList(USER_MESSAGES.bookRequired),
});
export interface AssignDomainsResponse {
  message: string;
  updated: number;
  skipped: number;
}

/** One import row as the server accepts it: each row is judged on its own (per-row results). */
export const importRowSchema = v.pipe(v.object({ username, email: emailSchema() }), usernameRule());
export const importBody = v.pipe(
  v.array(v.unknown(), 'Send a list of users'),
  v.minLength(1, USER_MESSAGES.noRows),
  v.maxLength(IMPORT_CHUNK_SIZE, USER_MESSAGES.tooManyRows),
);

// ---------------------------------------------------------------------------------------------
// Leavers: deactivation and reactivation
// ---------------------------------------------------------------------------------------------

/** Ids or usernames per POST /api/users/bulk-deactivate; the client sends a longer file in parts. */
export const DEACTIVATE_CHUNK_SIZE = 1000;

const reasonText = v.pipe(v.string(USER_MESSAGES.reasonRequired), v.trim(), v.maxLength(1000, USER_MESSAGES.reasonLength));
const requiredReason = v.pipe(v.optional(v.nullable(reasonText), ''), v.transform((value) => value ?? ''), v.nonEmpty(USER_MESSAGES.reasonRequired));

export const deactivateBody = v.object({ reason: requiredReason });
export const reactivateBody = v.object({
  reason: v.pipe(v.optional(v.nullable(reasonText), null), v.transform((value) => value || null)),
});
/** Selected rows send `userIds`; a leavers file sends the `usernames` of its username column. */
export const bulkDeactivateBody = v.pipe(
  v.object({
    userIds: v.optional(v.pipe(v.array(idString), v.maxLength(DEACTIVATE_CHUNK_SIZE, USER_MESSAGES.tooManyUsers)), []),
    usernames: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(254))), v.maxLength(DEACTIVATE_CHUNK_SIZE, USER_MESSAGES.tooManyUsers)), []),
    reason: requiredReason,
  }),
  v.check((body) => body.userIds.length + body.usernames.length > 0, USER_MESSAGES.usersRequired),
);
export interface UserStatusResponse {
  message: string;
  user: UserDto;
}
export interface BulkDeactivateResponse {
  message: string;
  /** Accounts deactivated by this request. */
  deactivated: number;
  /** Accounts that were already deactivated (left as they were). */
  alreadyDeactivated: number;
  /** Usernames (or ids) that match no account. */
  notFound: string[];
}

/**
 * Reads a leavers file: a header row with a `username` column (case-insensitive, other columns
 * ignored, so an export of the user list filtered down to the leavers works as it is).
 */
export function parseLeaversCsv(text: string): { usernames: string[]; fileError: string | null } {
  const table = parseCsv(text);
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const ui = header.indexOf('username');
  if (ui < 0) return { usernames: [], fileError: LEAVERS_MISSING_COLUMN };
  const usernames = [...new Set(table.slice(1).map((cells) => (cells[ui] ?? '').trim()).filter(Boolean))];
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
  return { rows, fileError: rows.length === 0 ? USER_MESSAGES.noRows : null, invalidCount: rows.filter((r) => r.error).length };
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function invalidRowsWarning(count: number): string {
  return `${count} ${count === 1 ? 'user has' : 'users have'} invalid data (missing username or email). Please fix the file before importing.`;
}

export const EXPORT_COLUMNS = ['username', 'email', 'password', 'firstName', 'lastName', 'role', 'department', 'jobTitle', 'domains', 'passwordCreatedAt'] as const;

// ---------------------------------------------------------------------------------------------
// Dashboard (/api/v2/admin/dashboard)
// ---------------------------------------------------------------------------------------------

export interface DashboardStats {
  activeUsers: number;
  totalDomains: number;
  totalAssignments: number;
  pendingActions: number;
  totalCourses: number;
}
export interface RecentProgressRow {
  username: string;
  courseName: string;
  progress: number;
  timestamp: string;
}
export interface RecentCourseRow {
  id: string;
  title: string;
  domain: string;
  status: 'DRAFT' | 'PUBLISHED';
  createdAt: string;
}
export interface TopPerformerRow {
  username: string;
  completedCourses: number;
  totalCourses: number;
}

/** 'Welcome back, {first name, else the part of the email before the at-sign, else Admin}'. */
export function greetingName(user: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'Admin';
}

// ---------------------------------------------------------------------------------------------
// Assessment oversight (/api/v2/admin/assessments)
// ---------------------------------------------------------------------------------------------

export const ATTEMPT_STATUS_FILTERS = ['PASSED', 'FAILED', 'ALL'] as const;
export type AttemptStatusFilter = (typeof ATTEMPT_STATUS_FILTERS)[number];
export const ASSESSMENT_PAGE_SIZE = 10;
export const DEFAULT_MARK_PASSED_SCORE = 70;

const pageParam = (fallback: number, max: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(max));

const optionalId = v.optional(v.union([idString, v.literal('')], 'Invalid id'), '');

/** `page` is 0-based here (the first page is `page=0`, as original admin clients send it), `size` the page size. */
export const attemptsQuery = v.object({
  status: v.optional(v.picklist(ATTEMPT_STATUS_FILTERS, 'Status must be PASSED, FAILED or ALL'), 'PASSED'),
  domainId: optionalId,
  courseId: optionalId,
  userId: optionalId,
  search: searchText,
  page: pageParam(0, 100_000),
  size: v.pipe(v.optional(v.string(), String(ASSESSMENT_PAGE_SIZE)), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)),
});

export const auditLogQuery = v.object({
  search: searchText,
  page: pageParam(0, 100_000),
  size: v.pipe(v.optional(v.string(), '20'), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)),
});

/** One row per learner and assessment: the latest submitted attempt and what it means. */
export interface AttemptRow {
  id: string;
  userId: string;
  username: string;
  email: string;
  componentId: string;
  componentTitle: string;
  courseId: string;
  courseTitle: string;
  domainId: string;
  domainName: string;
  attemptNumber: number;
  maxAttempts: number;
  score: number | null;
  passed: boolean;
  startedAt: string;
  submittedAt: string | null;
  progressStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | null;
  progressScore: number | null;
  remainingAttempts: number;
  canAdminIntervene: boolean;
  /** True when the passing result was set by an administrator (Mark as Passed). */
  markedByAdmin: boolean;
}

export interface AttemptsPage {
  attempts: AttemptRow[];
  totalItems: number;
  totalPages: number;
  /** 0-based, as requested. */
  currentPage: number;
  /** The same position in the one pagination shape (1-based `page`). */
  pagination?: Pagination;
}

export interface AssessmentSummary {
  totalAttempts: number;
  passedAttempts: number;
  failedAttempts: number;
  topFailingComponents: { componentId: string; componentTitle: string; courseTitle: string; failedAttempts: number }[];
}

export const INTERVENTION_MESSAGES = {
  reasonRequired: REFUSALS['common.reasonRequired'],
  score: REFUSALS['intervention.score'],
  notAllowed: REFUSALS['intervention.notAllowed'],
  notFound: REFUSALS['intervention.notFound'],
  resetDone: 'Assessment attempts have been reset successfully',
  passedDone: 'Assessment has been marked as passed successfully',
  resetWarning: 'This action will delete all existing attempts and reset the progress status. It cannot be undone.',
} as const;

export const interventionBody = v.object({
  reason: v.pipe(
    v.optional(v.nullable(v.string(INTERVENTION_MESSAGES.reasonRequired)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(INTERVENTION_MESSAGES.reasonRequired),
    v.maxLength(1000, REFUSALS['user.reasonLength']),
  ),
});

export const markPassedQuery = v.object({
  score: v.pipe(
    v.optional(v.string(), String(DEFAULT_MARK_PASSED_SCORE)),
    v.transform((value) => (value.trim() === '' ? DEFAULT_MARK_PASSED_SCORE : Number(value))),
    v.number(INTERVENTION_MESSAGES.score),
    v.check((n) => Number.isFinite(n) && n >= 0 && n <= 100, INTERVENTION_MESSAGES.score),
  ),
});

/** Whether an admin may Reset or Mark as Passed: only a learner who failed and has no attempt left. */
export function canIntervene(row: { passed: boolean; remainingAttempts: number; progressStatus: string | null }): boolean {
  return !row.passed && row.remainingAttempts <= 0 && row.progressStatus !== 'COMPLETED';
}

/** The attempts cell of the admin table: 'Passed (n/3)', 'Exhausted (3/3)' or 'n/3 (k left)'. */
export function attemptText(row: Pick<AttemptRow, 'passed' | 'attemptNumber' | 'remainingAttempts' | 'maxAttempts'>): string {
  const max = row.maxAttempts || MAX_ATTEMPTS;
  if (row.passed) return `Passed (${Math.min(row.attemptNumber, max)}/${max})`;
  if (row.remainingAttempts <= 0) return `Exhausted (${max}/${max})`;
  return `${row.attemptNumber}/${max} (${row.remainingAttempts} left)`;
}

/** Passed / Failed for a submitted attempt, otherwise the progress status. */
export function attemptStatusText(row: Pick<AttemptRow, 'submittedAt' | 'passed' | 'progressStatus'>): string {
  if (row.submittedAt) return row.passed ? 'Passed' : 'Failed';
  switch (row.progressStatus) {
    case 'COMPLETED':
      return 'Completed';
    case 'FAILED':
      return 'Failed';
    case 'IN_PROGRESS':
      return 'In Progress';
    default:
      return 'Not Started';
  }
}

/** What the Actions cell says when no intervention is allowed. */
export function noActionText(row: Pick<AttemptRow, 'passed' | 'remainingAttempts'>): string {
  if (row.passed) return 'Passed';
  if (row.remainingAttempts > 0) return `${row.remainingAttempts} ${row.remainingAttempts === 1 ? 'attempt' : 'attempts'} left`;
  return 'No actions available';
}

export interface AuditEntry {
  id: string;
  actorId: string;
  actorUsername: string;
  action: string;
  targetUserId: string | null;
  targetUsername: string | null;
  entityType: string | null;
  entityId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  totalItems: number;
  totalPages: number;
  /** 0-based, as requested. */
  currentPage: number;
  /** The same position in the one pagination shape (1-based `page`). */
  pagination?: Pagination;
}

// ---------------------------------------------------------------------------------------------
// Profile (client-side checks with the messages the form shows)
// ---------------------------------------------------------------------------------------------

/** Admin profile: first and last name required, e-mail required and valid. */
export const adminProfileForm = v.object({
  firstName: requiredString('First name is required'),
  lastName: requiredString('Last name is required'),
  email: emailSchema(),
  username: v.optional(username),
});

/** 'ROLE_NAME' → 'Role Name'. */
export function titleCaseRole(role: string | null | undefined): string {
  if (!role) return '';
  return role
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\b\w/g, (ch) => ch.toUpperCase());
}
