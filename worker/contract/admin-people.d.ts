import * as v from 'valibot';
import type { AdminPermissions, DomainRef } from './auth';
import { ADMIN_PERMISSION_KEYS } from './auth';
export declare const ROLES: readonly ["ADMIN", "USER"];
export type Role = (typeof ROLES)[number];
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
    passwordCreatedAt: string;
    mustChangePassword: boolean;
    createdAt: string;
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
export type BulkImportResult = {
    username: string;
    email: string;
    status: 'success';
    id: string;
    password: string;
} | {
    username: string;
    email: string;
    status: 'error';
    message: string;
};
export declare const USER_MESSAGES: {
    readonly usernameRequired: "Username is required";
    readonly usernameSpaces: "Username cannot contain spaces";
    readonly usernameLength: "Username must be at most 50 characters";
    readonly firstNameLength: "First name must be less than 50 characters";
    readonly lastNameLength: "Last name must be less than 50 characters";
    readonly role: "Role must be ADMIN or USER";
    readonly usernameTaken: "Username already exists";
    readonly emailTaken: "Email already exists";
    readonly duplicateUsernameInFile: "Duplicate username in file";
    readonly duplicateEmailInFile: "Duplicate email in file";
    readonly notFound: "User not found";
    readonly deleteSelf: "You cannot delete your own account";
    readonly deleteLastAdmin: "You cannot delete the last administrator";
    readonly deleteCertified: "Users who hold certificates cannot be deleted: inspectors must still be able to verify them. Remove their books instead.";
    readonly demoteLastAdmin: "You cannot remove the administrator role from the last administrator";
    readonly bookRequired: "Please select at least one book";
    readonly usersRequired: "Please select at least one user";
    readonly bookNotFound: "Book not found";
    readonly adminOnlyByAdmin: "Only an administrator can create an administrator";
    readonly tooManyRows: "Import at most 200 rows per request";
    readonly noRows: "The file contains no users";
};
/** Rows per POST /api/users/bulk request. Each new account costs one 100k-iteration PBKDF2 hash
 * (about 15 ms of CPU), so 200 rows stay near 3 s of CPU; the client sends a big file in chunks. */
export declare const IMPORT_CHUNK_SIZE = 200;
export declare const userListQuery: v.ObjectSchema<{
    readonly search: v.OptionalSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.TrimAction]>, "">;
    readonly role: v.OptionalSchema<v.UnionSchema<[v.PicklistSchema<readonly ["ADMIN", "USER"], undefined>, v.LiteralSchema<"", undefined>], undefined>, "">;
    readonly domainId: v.OptionalSchema<v.StringSchema<undefined>, "">;
}, undefined>;
export declare const createUserBody: v.ObjectSchema<{
    readonly username: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 50, "Username must be at most 50 characters">, v.RegexAction<string, "Username cannot contain spaces">]>;
    readonly email: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>;
    readonly role: v.OptionalSchema<v.PicklistSchema<readonly ["ADMIN", "USER"], "Role must be ADMIN or USER">, "USER">;
    readonly firstName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 50, string>]>, undefined>]>;
    readonly lastName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 50, string>]>, undefined>]>;
}, undefined>;
export type CreateUserBody = v.InferInput<typeof createUserBody>;
export declare const permissionsSchema: v.ObjectSchema<{
    readonly moduleManagement: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly userManagement: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly domainConfiguration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly reportGeneration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly aiContentGeneration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly systemConfiguration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
}, undefined>;
/** Labels of the six flags on the admin profile, in display order. */
export declare const PERMISSION_LABELS: Record<(typeof ADMIN_PERMISSION_KEYS)[number], string>;
/** What a learner may change on their own profile (learner spec section 5). Anything else is dropped. */
export declare const profileBody: v.ObjectSchema<{
    readonly username: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 50, "Username must be at most 50 characters">, v.RegexAction<string, "Username cannot contain spaces">]>;
    readonly email: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>;
    readonly firstName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 50, string>]>, undefined>]>;
    readonly lastName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 50, string>]>, undefined>]>;
}, undefined>;
export type ProfileBody = v.InferInput<typeof profileBody>;
/** What an administrator may change on any user; every field optional (partial update). */
export declare const adminUpdateUserBody: v.ObjectSchema<{
    readonly username: v.OptionalSchema<v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 50, "Username must be at most 50 characters">, v.RegexAction<string, "Username cannot contain spaces">]>, undefined>;
    readonly email: v.OptionalSchema<v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>, undefined>;
    readonly firstName: v.OptionalSchema<v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 50, string>]>, undefined>]>, undefined>;
    readonly lastName: v.OptionalSchema<v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 50, string>]>, undefined>]>, undefined>;
    readonly role: v.OptionalSchema<v.PicklistSchema<readonly ["ADMIN", "USER"], "Role must be ADMIN or USER">, undefined>;
    readonly department: v.OptionalSchema<v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 100, "Must be at most 100 characters">]>, undefined>]>, undefined>;
    readonly jobTitle: v.OptionalSchema<v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 100, "Must be at most 100 characters">]>, undefined>]>, undefined>;
    readonly permissions: v.OptionalSchema<v.ObjectSchema<{
        readonly moduleManagement: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
        readonly userManagement: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
        readonly domainConfiguration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
        readonly reportGeneration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
        readonly aiContentGeneration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
        readonly systemConfiguration: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    }, undefined>, undefined>;
}, undefined>;
export type AdminUpdateUserBody = v.InferInput<typeof adminUpdateUserBody>;
export declare const bulkDeleteBody: v.ObjectSchema<{
    readonly userIds: v.SchemaWithPipe<readonly [v.OptionalSchema<v.ArraySchema<v.StringSchema<undefined>, string>, readonly []>, v.MinLengthAction<string[], 1, string>, v.MaxLengthAction<string[], 5000, "Too many items">]>;
}, undefined>;
export declare const assignDomainsBody: v.ObjectSchema<{
    readonly userIds: v.SchemaWithPipe<readonly [v.OptionalSchema<v.ArraySchema<v.StringSchema<undefined>, string>, readonly []>, v.MinLengthAction<string[], 1, string>, v.MaxLengthAction<string[], 5000, "Too many items">]>;
    readonly domainIds: v.SchemaWithPipe<readonly [v.OptionalSchema<v.ArraySchema<v.StringSchema<undefined>, string>, readonly []>, v.MinLengthAction<string[], 1, string>, v.MaxLengthAction<string[], 5000, "Too many items">]>;
}, undefined>;
export interface AssignDomainsResponse {
    message: string;
    updated: number;
    skipped: number;
}
/** One import row as the server accepts it: each row is judged on its own (per-row results). */
export declare const importRowSchema: v.ObjectSchema<{
    readonly username: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 50, "Username must be at most 50 characters">, v.RegexAction<string, "Username cannot contain spaces">]>;
    readonly email: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>;
}, undefined>;
export declare const importBody: v.SchemaWithPipe<readonly [v.ArraySchema<v.UnknownSchema, "Send a list of users">, v.MinLengthAction<unknown[], 1, "The file contains no users">, v.MaxLengthAction<unknown[], 200, "Import at most 200 rows per request">]>;
/** RFC 4180 parser: quoted fields with "" escapes, commas and newlines inside quotes, CRLF/LF/CR, a leading BOM. */
export declare function parseCsv(text: string): string[][];
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
export declare const MISSING_COLUMNS = "The CSV file must have a header row with username and email columns";
/**
 * Reads a bulk-import CSV: header row with `username` and `email` in any order (case-insensitive,
 * other columns ignored). Rows missing either value, with a bad email, or repeating a username or
 * email of an earlier row are marked invalid.
 */
export declare function parseImportCsv(text: string): ParsedImport;
export declare function chunk<T>(items: readonly T[], size: number): T[][];
export declare function invalidRowsWarning(count: number): string;
export declare const EXPORT_COLUMNS: readonly ["username", "email", "password", "firstName", "lastName", "role", "department", "jobTitle", "domains", "passwordCreatedAt"];
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
export declare function greetingName(user: {
    firstName?: string | null;
    email?: string | null;
} | null | undefined): string;
export declare const ATTEMPT_STATUS_FILTERS: readonly ["PASSED", "FAILED", "ALL"];
export type AttemptStatusFilter = (typeof ATTEMPT_STATUS_FILTERS)[number];
export declare const ASSESSMENT_PAGE_SIZE = 10;
export declare const DEFAULT_MARK_PASSED_SCORE = 70;
export declare const attemptsQuery: v.ObjectSchema<{
    readonly status: v.OptionalSchema<v.PicklistSchema<readonly ["PASSED", "FAILED", "ALL"], "Status must be PASSED, FAILED or ALL">, "PASSED">;
    readonly domainId: v.OptionalSchema<v.StringSchema<undefined>, "">;
    readonly courseId: v.OptionalSchema<v.StringSchema<undefined>, "">;
    readonly userId: v.OptionalSchema<v.StringSchema<undefined>, "">;
    readonly search: v.OptionalSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.TrimAction]>, "">;
    readonly page: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.ToNumberAction<string, undefined>, v.IntegerAction<number, undefined>, v.MinValueAction<number, 0, undefined>, v.MaxValueAction<number, number, undefined>]>;
    readonly size: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.ToNumberAction<string, undefined>, v.IntegerAction<number, undefined>, v.MinValueAction<number, 1, undefined>, v.MaxValueAction<number, 100, undefined>]>;
}, undefined>;
export declare const auditLogQuery: v.ObjectSchema<{
    readonly page: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.ToNumberAction<string, undefined>, v.IntegerAction<number, undefined>, v.MinValueAction<number, 0, undefined>, v.MaxValueAction<number, number, undefined>]>;
    readonly size: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "20">, v.ToNumberAction<string, undefined>, v.IntegerAction<number, undefined>, v.MinValueAction<number, 1, undefined>, v.MaxValueAction<number, 100, undefined>]>;
}, undefined>;
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
    currentPage: number;
}
export interface AssessmentSummary {
    totalAttempts: number;
    passedAttempts: number;
    failedAttempts: number;
    topFailingComponents: {
        componentId: string;
        componentTitle: string;
        courseTitle: string;
        failedAttempts: number;
    }[];
}
export declare const INTERVENTION_MESSAGES: {
    readonly reasonRequired: "A reason is required";
    readonly score: "Enter a score between 0 and 100";
    readonly notAllowed: "This assessment does not allow an administrator intervention: the learner has passed or still has attempts left";
    readonly notFound: "Assessment attempt not found";
    readonly resetDone: "Assessment attempts have been reset successfully";
    readonly passedDone: "Assessment has been marked as passed successfully";
    readonly resetWarning: "This action will delete all existing attempts and reset the progress status. It cannot be undone.";
};
export declare const interventionBody: v.ObjectSchema<{
    readonly reason: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<"A reason is required">, undefined>, "">, v.TransformAction<string | null, string>, v.NonEmptyAction<string, "A reason is required">, v.MaxLengthAction<string, 1000, "The reason must be at most 1000 characters">]>;
}, undefined>;
export declare const markPassedQuery: v.ObjectSchema<{
    readonly score: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<"Enter a score between 0 and 100">, v.CheckAction<number, "Enter a score between 0 and 100">]>;
}, undefined>;
/** Whether an admin may Reset or Mark as Passed: only a learner who failed and has no attempt left. */
export declare function canIntervene(row: {
    passed: boolean;
    remainingAttempts: number;
    progressStatus: string | null;
}): boolean;
/** 'Passed (n/3)', 'Exhausted (3/3)' or 'n/3 (k left)' (admin spec section 4). */
export declare function attemptText(row: Pick<AttemptRow, 'passed' | 'attemptNumber' | 'remainingAttempts' | 'maxAttempts'>): string;
/** Passed / Failed for a submitted attempt, otherwise the progress status. */
export declare function attemptStatusText(row: Pick<AttemptRow, 'submittedAt' | 'passed' | 'progressStatus'>): string;
/** What the Actions cell says when no intervention is allowed. */
export declare function noActionText(row: Pick<AttemptRow, 'passed' | 'remainingAttempts'>): string;
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
    currentPage: number;
}
/** Admin profile (admin spec section 5): names required. */
export declare const adminProfileForm: v.ObjectSchema<{
    readonly firstName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly lastName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly email: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>;
    readonly username: v.OptionalSchema<v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 50, "Username must be at most 50 characters">, v.RegexAction<string, "Username cannot contain spaces">]>, undefined>;
}, undefined>;
/** 'ROLE_NAME' → 'Role Name'. */
export declare function titleCaseRole(role: string | null | undefined): string;
