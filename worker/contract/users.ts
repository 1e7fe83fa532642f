import * as v from 'valibot';
import type { AdminPermissions, DomainRef } from './auth';
import type { ADMIN_PERMISSION_KEYS } from './auth';
import {
  arrayOrPageQueryFields,
  emailSchema,
  idString,
  normalizePersonText,
  requiredString,
  type Pagination,
} from './common';
import { preferredLanguage, type Language } from './language';
import { REFUSALS } from './errors';
import { optionalRef } from './sites';

/*
 * Users (routes/users/: profile, admin, bulk, books, leavers, export). The CSV files users are read
 * from (bulk import, leavers) are parsed in user-import.ts.
 */

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
  /** The foreman capability: may lead toolbox talks (PUT /api/v2/admin/talk-leaders/{id}). */
  leadsTalks: boolean;
  /** Where the person works, and whom they report to (issue 30); null when not set. */
  siteId: string | null;
  managerId: string | null;
}

/** GET /api/users/:id adds the admin profile fields. */
export interface UserDetailDto extends UserDto {
  permissions: AdminPermissions | null;
  /** An administrator limited to one site (decision 2026-11-28-site-limited-admins); null: no limit. */
  adminSiteId: string | null;
  lastLogin: string | null;
}

export interface CreateUserResponse {
  user: UserDto;
  password: string;
}

export const USER_MESSAGES = {
  usernameRequired: REFUSALS['user.usernameRequired'],
  usernameSpaces: REFUSALS['user.usernameSpaces'],
  usernameLength: REFUSALS['user.usernameLength'],
  usernameEmailLike: REFUSALS['user.usernameEmailLike'],
  currentPasswordForEmail: REFUSALS['user.currentPasswordForEmail'],
  firstNameLength: REFUSALS['user.firstNameLength'],
  lastNameLength: REFUSALS['user.lastNameLength'],
  departmentLength: REFUSALS['user.departmentLength'],
  jobTitleLength: REFUSALS['user.jobTitleLength'],
  role: REFUSALS['user.role'],
  usernameTaken: REFUSALS['user.usernameTaken'],
  emailTaken: REFUSALS['user.emailTaken'],
  duplicateUsernameInFile: REFUSALS['user.duplicateUsernameInFile'],
  duplicateEmailInFile: REFUSALS['user.duplicateEmailInFile'],
  notFound: REFUSALS['user.notFound'],
  deleteSelf: REFUSALS['user.deleteSelf'],
  deleteLastAdmin: REFUSALS['user.deleteLastAdmin'],
  deleteCertified: REFUSALS['user.deleteCertified'],
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

export const username = v.pipe(
  v.optional(v.string(USER_MESSAGES.usernameRequired), ''),
  v.string(USER_MESSAGES.usernameRequired),
  v.transform((value) => normalizePersonText(value, 'username')),
  v.nonEmpty(USER_MESSAGES.usernameRequired),
  v.maxLength(50, USER_MESSAGES.usernameLength),
  v.regex(/^\S+$/, USER_MESSAGES.usernameSpaces),
);
/** Optional text about a person, normalised before its length is checked; blank becomes null. */
const personText = (max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null ? null : normalizePersonText(value) || null)),
    v.nullable(v.pipe(v.string(), v.maxLength(max, message))),
  );
export const nameField = (message: string) => personText(50, message);
/** Department and job title: what requirements target (matched case-insensitively, exactly). */
export const departmentField = personText(100, USER_MESSAGES.departmentLength);
export const jobTitleField = personText(100, USER_MESSAGES.jobTitleLength);

/**
 * Sign-in reads input with an '@' as an e-mail address and anything else as a username, so a
 * username may hold an '@' only when it is the account's own e-mail (any case): otherwise it could
 * shadow another account's address.
 */
export function usernameFitsEmail(usernameValue: string, emailValue: string): boolean {
  return !usernameValue.includes('@') || usernameValue.toLowerCase() === emailValue.toLowerCase();
}
/** The username/e-mail rule on an object that carries both fields; the message lands on `username`. */
export const usernameRule = <T extends { username: string; email: string }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || usernameFitsEmail(dataset.value.username, dataset.value.email)) return;
    const path = [
      {
        type: 'object' as const,
        origin: 'value' as const,
        input: dataset.value,
        key: 'username',
        value: dataset.value.username,
      },
    ];
    addIssue({ message: USER_MESSAGES.usernameEmailLike, path: path as unknown as [v.IssuePathItem] });
  });
/** Sent with a change of one's own e-mail address; never trimmed (like every password). */
const currentPassword = v.optional(v.string());
/** Original clients send `role: ""` (or null) for an ordinary account: that is a learner (USER). */
const role = v.pipe(
  v.optional(
    v.nullable(v.union([v.picklist(ROLES, USER_MESSAGES.role), v.literal('', USER_MESSAGES.role)], USER_MESSAGES.role)),
    'USER',
  ),
  v.transform((value) => value || 'USER'),
);
const idList = (message: string) =>
  v.pipe(v.optional(v.array(v.string(), message), []), v.minLength(1, message), v.maxLength(5000, 'Too many items'));

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
    department: departmentField,
    jobTitle: jobTitleField,
    language: preferredLanguage,
    siteId: optionalRef,
    managerId: optionalRef,
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

/** What an administrator may change on any user; every field optional (partial update). */
export const adminUpdateUserBody = v.object({
  username: v.optional(username),
  email: v.optional(emailSchema()),
  firstName: v.optional(nameField(USER_MESSAGES.firstNameLength)),
  lastName: v.optional(nameField(USER_MESSAGES.lastNameLength)),
  // "" or null on an edit leaves the role as it is (original clients send it for an unchanged learner).
  role: v.pipe(
    v.optional(
      v.nullable(
        v.union([v.picklist(ROLES, USER_MESSAGES.role), v.literal('', USER_MESSAGES.role)], USER_MESSAGES.role),
      ),
    ),
    v.transform((value) => value || undefined),
  ),
  department: v.optional(departmentField),
  jobTitle: v.optional(jobTitleField),
  language: preferredLanguage,
  permissions: v.optional(permissionsSchema),
  siteId: optionalRef,
  managerId: optionalRef,
  /** Limits an administrator to one site (null lifts the limit); only an unlimited admin may set it. */
  adminSiteId: optionalRef,
  currentPassword,
});
export type AdminUpdateUserBody = v.InferInput<typeof adminUpdateUserBody>;

/** `{userIds: [...]}`, or the bare array of ids that original clients send; both become `{userIds}`. */
const bulkIds = v.pipe(
  v.array(v.string(), USER_MESSAGES.usersRequired),
  v.minLength(1, USER_MESSAGES.usersRequired),
  v.maxLength(5000, 'Too many items'),
);
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

// ---------------------------------------------------------------------------------------------
// Leavers: deactivation and reactivation
// ---------------------------------------------------------------------------------------------

/** Ids or usernames per POST /api/users/bulk-deactivate; the client sends a longer file in parts. */
export const DEACTIVATE_CHUNK_SIZE = 1000;

const reasonText = v.pipe(
  v.string(USER_MESSAGES.reasonRequired),
  v.trim(),
  v.maxLength(1000, USER_MESSAGES.reasonLength),
);
const requiredReason = v.pipe(
  v.optional(v.nullable(reasonText), ''),
  v.transform((value) => value ?? ''),
  v.nonEmpty(USER_MESSAGES.reasonRequired),
);

export const deactivateBody = v.object({ reason: requiredReason });
export const reactivateBody = v.object({
  reason: v.pipe(
    v.optional(v.nullable(reasonText), null),
    v.transform((value) => value || null),
  ),
});
/** Selected rows send `userIds`; a leavers file sends the `usernames` of its username column. */
export const bulkDeactivateBody = v.pipe(
  v.object({
    userIds: v.optional(v.pipe(v.array(idString), v.maxLength(DEACTIVATE_CHUNK_SIZE, USER_MESSAGES.tooManyUsers)), []),
    usernames: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.trim(), v.maxLength(254))),
        v.maxLength(DEACTIVATE_CHUNK_SIZE, USER_MESSAGES.tooManyUsers),
      ),
      [],
    ),
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

export const EXPORT_COLUMNS = [
  'username',
  'email',
  'password',
  'firstName',
  'lastName',
  'role',
  'department',
  'jobTitle',
  'domains',
  'passwordCreatedAt',
  // Issue 30, last so that readers of the older columns by position keep working.
  'site',
  'manager',
] as const;

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
