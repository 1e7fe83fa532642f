import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
// Enum value lists come from the contract, the single source shared with the client.
import { ROLES } from '../contract/users';
import { LANGUAGES } from '../contract/language';
import { PRIORITIES } from '../contract/announcements';
import { AUDIT_ENTITY_TYPES } from '../contract/audit';
import {
  COMPONENT_PROGRESS_STATUSES,
  COMPONENT_TYPES,
  COURSE_PROGRESS_STATUSES,
  COURSE_STATUSES,
  MATERIAL_TYPES,
  SUBMIT_REASONS,
} from '../contract/course';
import { EVENT_KINDS } from '../contract/compliance';
import { REPORT_CADENCES, REPORT_SCOPES } from '../contract/report-subscriptions';
import { SCORM_VERSIONS } from '../contract/scorm';
import { DELIVERY_LANGUAGES } from '../contract/delivery-language';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '../contract/think';
import {
  ACKNOWLEDGEMENT_METHODS,
  CREDENTIAL_STATUSES,
  EVALUATION_OUTCOMES,
  EVIDENCE_KINDS,
  FOREMAN_SIGN_METHODS,
  ITEM_RESULTS,
  QUALIFICATION_KINDS,
  SIGNATURE_METHODS,
  TALK_SIGN_METHODS,
  TEMPLATE_STATUSES,
} from '../contract/offscreen';
import { ATTENDANCE_METHODS, INVITATION_STATUSES, SESSION_STATUSES } from '../contract/session-values';

/** Outbox row states: RECORDED (outbox mode, never sent), PENDING, SENT, FAILED (not retried). */
const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED', 'RECORDED'] as const;
/** Reminders the cron sends (REMINDER), reminders an administrator sends (MANUAL_REMINDER), the weekly digest. */
const MAIL_KINDS = ['REMINDER', 'MANUAL_REMINDER', 'DIGEST'] as const;

// All timestamps are ISO-8601 UTC strings: D1 has no date type and ISO strings sort correctly.
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const id = () => text('id').primaryKey();
const createdAt = () => text('created_at').notNull().default(now);
const updatedAt = () => text('updated_at').notNull().default(now);
const bool = (name: string) => integer(name, { mode: 'boolean' });
/** The delivery language of a course version, copied onto the rows its learners create (progress, attempts, certificates). */
const deliveryLanguage = () => text('language', { enum: DELIVERY_LANGUAGES }).notNull().default('en');
/** When the row was made and last changed (both default to now on insert). */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A required link to the row this one belongs to: deleting that row deletes this one (ON DELETE CASCADE). */
const belongsTo = (name: string, owner: () => AnySQLiteColumn) =>
  text(name).notNull().references(owner, { onDelete: 'cascade' });
/**
 * A required link to a person on a signed or submitted record (roster, evaluation, credential): no
 * cascade, so the record is never lost with the account (the person's deletion is refused instead).
 */
const personOnRecord = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id);
/** A learner's row in one course (progress, attempt, certificate, cycle): it goes with the learner or the course. */
const learnerCourse = () => ({
  userId: belongsTo('user_id', () => users.id),
  courseId: belongsTo('course_id', () => courses.id),
});
/** A learner's row for one component of a course: it goes with the learner, the course or the component. */
const learnerComponent = () => ({
  ...learnerCourse(),
  componentId: belongsTo('component_id', () => components.id),
});
/** A person on a classroom session's roster (trainer, invitation, attendance, amendment): the rows go with the session. */
const sessionPerson = () => ({
  sessionId: belongsTo('session_id', () => classroomSessions.id),
  userId: personOnRecord('user_id'),
});

export const users = sqliteTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('USER'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    department: text('department'),
    jobTitle: text('job_title'),
    /** When the department or job title last changed: covered since, for a requirement's audience entered then. */
    audienceSince: text('audience_since'),
    /** Preferred interface language ('en' | 'es' | 'hi' | 'ar'); null follows the browser. E-mails and certificates use it. */
    language: text('language', { enum: LANGUAGES }),
    profileImage: text('profile_image'),
    mustChangePassword: bool('must_change_password').notNull().default(false),
    /** Admin-generated password, AES-GCM encrypted, kept only until the user replaces it (CSV export). */
    tempPasswordEnc: text('temp_password_enc'),
    passwordCreatedAt: text('password_created_at').notNull().default(now),
    /** Bumped on password change: every token issued before is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    permissions: text('permissions', { mode: 'json' }).$type<Record<string, boolean>>(),
    /** Set when an admin deactivates a leaver: sign-in and sessions refused, every record kept. */
    deactivatedAt: text('deactivated_at'),
    deactivationReason: text('deactivation_reason'),
    /** The "foreman" capability: may lead toolbox talks and sign them off (migration 0031). */
    leadsTalks: bool('leads_talks').notNull().default(false),
    /** Where the person works (migration 0037); requirements may target a site. */
    siteId: text('site_id').references((): AnySQLiteColumn => sites.id),
    /** Whom the person reports to: the team routes walk these lines downwards (never a cycle). */
    managerId: text('manager_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    /** An administrator limited to one site reads and changes only that site's people (decision 2026-11-28). */
    adminSiteId: text('admin_site_id').references((): AnySQLiteColumn => sites.id),
    /** The directory connection that provisions the person (SCIM, migration 0048); null: kept by administrators. */
    scimConnectionId: text('scim_connection_id').references((): AnySQLiteColumn => scimConnections.id),
    /** The directory's userName (SCIM); the username is the e-mail address when this one cannot be. */
    scimUserName: text('scim_user_name'),
    /** The directory's own id for the person (SCIM `externalId`). */
    scimExternalId: text('scim_external_id'),
    /** The enterprise extension's employee number (SCIM). */
    employeeNumber: text('employee_number'),
    lastLoginAt: text('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    // The user list: active people in name order straight from the index (a page stops after its
    // rows), and their count walks this thin index instead of 100,000 wide rows.
    index('users_active_name_idx').on(t.deactivatedAt, sql`lower(${t.username})`, t.id),
    // A requirement's audience is found by department / job title (compared lower-cased).
    index('users_department_lower_idx').on(sql`lower(${t.department})`),
    index('users_job_title_lower_idx').on(sql`lower(${t.jobTitle})`),
    index('users_manager_idx').on(t.managerId, t.id, t.deactivatedAt, t.siteId),
    index('users_site_idx').on(t.siteId),
    index('users_scim_connection_idx').on(t.scimConnectionId, t.scimExternalId),
  ],
);

/**
 * A directory connection (SCIM 2.0, issue 32): one identity provider's bearer token, kept as its
 * SHA-256 with its first characters for telling tokens apart. Revoked rows stay (audit entries name them).
 */
export const scimConnections = sqliteTable(
  'scim_connections',
  {
    id: id(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    rotatedAt: text('rotated_at'),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [uniqueIndex('scim_connections_token_hash_uq').on(t.tokenHash)],
);

/**
 * A directory connection's SCIM Group (migration 0055): one of our books, under the directory's own
 * name for it. Its members are the connection's people who hold the book (user_domains).
 */
export const scimGroups = sqliteTable(
  'scim_groups',
  {
    id: id(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => scimConnections.id),
    domainId: belongsTo('domain_id', () => domains.id),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('scim_groups_connection_domain_uq').on(t.connectionId, t.domainId),
    uniqueIndex('scim_groups_connection_name_uq').on(t.connectionId, sql`lower(${t.displayName})`),
  ],
);

/** Where people work (issue 30). Retired sites stay on the people and requirements that name them. */
export const sites = sqliteTable(
  'sites',
  {
    id: id(),
    name: text('name').notNull(),
    ...timestamps(),
    retiredAt: text('retired_at'),
  },
  (t) => [uniqueIndex('sites_name_lower_uq').on(sql`lower(${t.name})`)],
);

/**
 * The reporting tree as facts (issue 30 item 5, migration 0053): one row per manager and report at
 * any depth, with the report's active flag and site, so a team is an index range. Written only by
 * the triggers on users (every writer keeps it exact; a loop is refused by the database).
 */
export const reportingLines = sqliteTable(
  'reporting_lines',
  {
    managerId: text('manager_id').notNull(),
    userId: text('user_id').notNull(),
    /** 1: a direct report. */
    depth: integer('depth').notNull(),
    /** 1 while the report is not deactivated. */
    active: integer('active').notNull(),
    siteId: text('site_id'),
  },
  (t) => [primaryKey({ columns: [t.managerId, t.userId] }), index('reporting_lines_user_idx').on(t.userId)],
);

/** Company sign-in (issue 32, migration 0049): an OpenID Connect provider configured by an administrator. */
export const identityProviders = sqliteTable(
  'identity_providers',
  {
    id: id(),
    /** Shown on the sign-in page: "Sign in with <name>". */
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-GCM under a key derived from the Worker's secret; never answered back. */
    clientSecretEnc: text('client_secret_enc').notNull(),
    /** Which claim carries each attribute (contract/identity-providers.ts ClaimMap). */
    claimMap: text('claim_map', { mode: 'json' }).notNull().$type<Record<string, string>>(),
    /** People of this provider's domains may not sign in with a password (administrators excepted). */
    passwordSignInOff: bool('password_sign_in_off').notNull().default(false),
    disabledAt: text('disabled_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('identity_providers_name_lower_uq').on(sql`lower(${t.name})`)],
);

/** An e-mail domain (lower case) routed to one provider. */
export const identityProviderDomains = sqliteTable(
  'identity_provider_domains',
  {
    domain: text('domain').primaryKey(),
    providerId: belongsTo('provider_id', () => identityProviders.id),
  },
  (t) => [index('identity_provider_domains_provider_idx').on(t.providerId)],
);

/** A provider's immutable subject linked to a person; one provider per person. */
export const userIdentities = sqliteTable(
  'user_identities',
  {
    providerId: belongsTo('provider_id', () => identityProviders.id),
    subject: text('subject').notNull(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
    lastSignInAt: text('last_sign_in_at'),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] }), uniqueIndex('user_identities_user_uq').on(t.userId)],
);

/** A sign-in between start and callback: state (hashed), nonce and PKCE verifier, spent on first use. */
export const oidcSignIns = sqliteTable('oidc_sign_ins', {
  stateHash: text('state_hash').primaryKey(),
  providerId: belongsTo('provider_id', () => identityProviders.id),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: text('expires_at').notNull(),
  /** A re-authentication to sign (migration 0054): who, for what, and when it started (auth_time must not be older). */
  reauthUserId: text('reauth_user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose'),
  subjectId: text('subject_id'),
  startedAt: text('started_at'),
});

/** What a fresh re-authentication at the provider leaves: one signature by that person, for that purpose (hashed, 5 minutes). */
export const signingProofs = sqliteTable('signing_proofs', {
  tokenHash: text('token_hash').primaryKey(),
  userId: belongsTo('user_id', () => users.id),
  providerId: belongsTo('provider_id', () => identityProviders.id),
  providerName: text('provider_name').notNull(),
  purpose: text('purpose').notNull(),
  subjectId: text('subject_id').notNull(),
  authTime: text('auth_time').notNull(),
  expiresAt: text('expires_at').notNull(),
});

/** The one-time code that hands a finished sign-in's session to the browser (hashed). */
export const oidcHandoffs = sqliteTable('oidc_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: belongsTo('user_id', () => users.id),
  expiresAt: text('expires_at').notNull(),
});

/** The last sign-in errors of a provider, shown to the administrator. */
export const identityProviderErrors = sqliteTable(
  'identity_provider_errors',
  {
    id: id(),
    providerId: belongsTo('provider_id', () => identityProviders.id),
    code: text('code').notNull(),
    message: text('message').notNull(),
    subject: text('subject'),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_provider_errors_provider_idx').on(t.providerId, t.createdAt)],
);

export const domains = sqliteTable(
  'domains',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('domains_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const userDomains = sqliteTable(
  'user_domains',
  {
    userId: belongsTo('user_id', () => users.id),
    domainId: belongsTo('domain_id', () => domains.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.domainId] }), index('user_domains_domain_idx').on(t.domainId)],
);

export const courses = sqliteTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id),
    icon: text('icon').notNull().default('/default-course-icon.png'),
    timeLimit: integer('time_limit'),
    passingScore: integer('passing_score'),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('DRAFT'),
    hasBeenPublished: bool('has_been_published').notNull().default(false),
    /** Learners outside the course's book may see it with showAll (locked, not enrollable). */
    allowBrowse: bool('allow_browse').notNull().default(false),
    /** Days a certificate of this course is valid: 365, 730 or 1095 (1, 2 or 3 years). */
    certificateValidityDays: integer('certificate_validity_days').notNull().default(365),
    /** Certificates of this course do not expire (the day count is then unused). */
    certificateNeverExpires: bool('certificate_never_expires').notNull().default(false),
    publishedAt: text('published_at'),
    /** The language this course version is delivered in. */
    language: deliveryLanguage(),
    /**
     * The course family (the same course in several languages, one book): the id shared by every
     * linked version, null for a course on its own. At most one version per language.
     */
    familyId: text('family_id'),
    ...timestamps(),
  },
  (t) => [
    index('courses_domain_idx').on(t.domainId),
    index('courses_status_idx').on(t.status),
    uniqueIndex('courses_family_language_uq').on(t.familyId, t.language),
  ],
);

export const materials = sqliteTable('materials', {
  id: id(),
  title: text('title').notNull(),
  description: text('description'),
  type: text('type', { enum: MATERIAL_TYPES }).notNull(),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
  contentType: text('content_type').notNull(),
  storageKey: text('storage_key').notNull(),
  /** Pages of a PDF, counted on first need (the minimum viewing time is per page). */
  pageCount: integer('page_count'),
  createdBy: text('created_by'),
  ...timestamps(),
});

/**
 * WebVTT caption tracks of a video material, one per language (canonical BCP 47 tag). The file is
 * stored under the material's prefix; the row goes with its material.
 */
export const materialCaptions = sqliteTable(
  'material_captions',
  {
    id: id(),
    materialId: belongsTo('material_id', () => materials.id),
    language: text('language').notNull(),
    label: text('label').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('material_captions_language_uq').on(t.materialId, t.language)],
);

/**
 * A SCORM package material: what its manifest says and where its expanded files are. The files live
 * under `materials/<id>/scorm/` in storage; `files` lists their paths so a delete removes them all.
 */
export const scormPackages = sqliteTable('scorm_packages', {
  materialId: text('material_id')
    .primaryKey()
    .references(() => materials.id, { onDelete: 'cascade' }),
  version: text('version', { enum: SCORM_VERSIONS }).notNull(),
  title: text('title').notNull(),
  launchPath: text('launch_path').notNull(),
  fileCount: integer('file_count').notNull(),
  expandedBytes: integer('expanded_bytes').notNull(),
  /** 0-100 when the manifest declares one. */
  masteryScore: real('mastery_score'),
  /** The manifest's `typicalLearningTime` in seconds, when it declares one (sets the minimum time, rules/scorm.ts). */
  typicalLearningSeconds: integer('typical_learning_seconds'),
  files: text('files', { mode: 'json' }).notNull().$type<string[]>(),
  createdAt: createdAt(),
});

export const components = sqliteTable(
  'course_components',
  {
    id: id(),
    courseId: belongsTo('course_id', () => courses.id),
    type: text('type', { enum: COMPONENT_TYPES }).notNull(),
    orderIndex: integer('order_index').notNull(),
    required: bool('required').notNull().default(true),
    /** Kept as a column too so "is this material in use" is an indexed query. */
    materialId: text('material_id').references(() => materials.id),
    data: text('data', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [
    index('components_course_idx').on(t.courseId, t.orderIndex),
    index('components_material_idx').on(t.materialId),
  ],
);

export const courseProgress = sqliteTable(
  'course_progress',
  {
    id: id(),
    ...learnerCourse(),
    status: text('status', { enum: COURSE_PROGRESS_STATUSES }).notNull().default('ENROLLED'),
    overallProgress: real('overall_progress').notNull().default(0),
    enrolledAt: text('enrolled_at').notNull().default(now),
    startedAt: text('started_at'),
    completedAt: text('completed_at'),
    lastAccessedAt: text('last_accessed_at'),
    /** Training cycle: 1 for the first, +1 for each recertification (earlier cycles live in course_cycles). */
    cycle: integer('cycle').notNull().default(1),
    language: deliveryLanguage(),
  },
  (t) => [
    uniqueIndex('course_progress_user_course_uq').on(t.userId, t.courseId),
    index('course_progress_course_idx').on(t.courseId),
    // The admin dashboard's recent activity: the same expression as its ORDER BY, newest first by index.
    index('course_progress_activity_idx').on(
      sql`coalesce(${t.lastAccessedAt}, ${t.completedAt}, ${t.startedAt}, ${t.enrolledAt})`,
    ),
  ],
);

export const componentProgress = sqliteTable(
  'component_progress',
  {
    id: id(),
    ...learnerComponent(),
    status: text('status', { enum: COMPONENT_PROGRESS_STATUSES }).notNull().default('NOT_STARTED'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    score: real('score'),
    attempts: integer('attempts').notNull().default(0),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    /** A video's length as first reported by the learner's player (the minimum watching time follows it). */
    mediaSeconds: real('media_seconds'),
    startedAt: text('started_at'),
    completedAt: text('completed_at'),
    lastAccessedAt: text('last_accessed_at'),
  },
  (t) => [
    uniqueIndex('component_progress_user_component_uq').on(t.userId, t.componentId),
    index('component_progress_user_course_idx').on(t.userId, t.courseId),
    // Deleting a component checks its foreign key here: without it, a scan of every learner's progress.
    index('component_progress_component_idx').on(t.componentId),
  ],
);

export const attempts = sqliteTable(
  'assessment_attempts',
  {
    id: id(),
    ...learnerComponent(),
    attemptNumber: integer('attempt_number').notNull(),
    startedAt: text('started_at').notNull().default(now),
    deadlineAt: text('deadline_at'),
    /** Answers saved while answering: {questionId: answer}. Graded on these if the browser never submits. */
    answers: text('answers', { mode: 'json' }).notNull().$type<Record<string, string>>().default(sql`'{}'`),
    /** The shuffled question order shown to this attempt, so a reload shows the same order. */
    questionOrder: text('question_order', { mode: 'json' }).$type<string[]>(),
    submittedAt: text('submitted_at'),
    submitReason: text('submit_reason', { enum: SUBMIT_REASONS }),
    score: real('score'),
    passed: bool('passed'),
    correctAnswers: integer('correct_answers'),
    totalQuestions: integer('total_questions'),
    result: text('result', { mode: 'json' }).$type<unknown[]>(),
    /** The training cycle the attempt belongs to: attempt limits count within one cycle. */
    cycle: integer('cycle').notNull().default(1),
    language: deliveryLanguage(),
  },
  (t) => [
    uniqueIndex('attempts_user_component_cycle_number_uq').on(t.userId, t.componentId, t.cycle, t.attemptNumber),
    // At most one open attempt per learner and assessment: a second concurrent start fails here.
    uniqueIndex('attempts_one_open_uq').on(t.userId, t.componentId).where(sql`submitted_at IS NULL`),
    index('attempts_open_deadline_idx').on(t.deadlineAt).where(sql`submitted_at IS NULL`),
    index('attempts_component_idx').on(t.componentId),
  ],
);

/**
 * The assessment oversight list, one row per learner and assessment with a submitted attempt in
 * the current cycle: kept by triggers on assessment_attempts and course_progress (migration 0005),
 * so the list and its count read an indexed table instead of grouping every attempt per request.
 */
export const assessmentOutcomes = sqliteTable(
  'assessment_outcomes',
  {
    userId: belongsTo('user_id', () => users.id),
    componentId: belongsTo('component_id', () => components.id),
    courseId: text('course_id').notNull(),
    /** Learner attempts used (ADMIN passes not counted). */
    used: integer('used').notNull(),
    passed: integer('passed').notNull(),
    adminPassed: integer('admin_passed').notNull(),
    latestAttemptId: text('latest_attempt_id').notNull(),
    latestSubmittedAt: text('latest_submitted_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.componentId] }),
    index('assessment_outcomes_latest_idx').on(t.latestSubmittedAt, t.latestAttemptId),
    index('assessment_outcomes_course_idx').on(t.courseId, t.passed, t.latestSubmittedAt),
    index('assessment_outcomes_passed_idx').on(t.passed, t.latestSubmittedAt),
  ],
);

export const certificates = sqliteTable(
  'certificates',
  {
    id: id(),
    certificateNumber: text('certificate_number').notNull().unique(),
    ...learnerCourse(),
    /** Names frozen at issue time: a certificate states what was true when it was earned. */
    userName: text('user_name').notNull(),
    courseName: text('course_name').notNull(),
    domainName: text('domain_name'),
    issuedAt: text('issued_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    revokedReason: text('revoked_reason'),
    storageKey: text('storage_key'),
    /** The font set (PDF_FONT_SET) its PDF was refused with for an unprintable character; the backfill skips it until that changes. */
    pdfRefusedFonts: text('pdf_refused_fonts'),
    /** The training cycle that earned it: one certificate per learner, course and cycle. */
    cycle: integer('cycle').notNull().default(1),
    /** The certificate this one renews (the previous cycle's), for the public chain. */
    renewsId: text('renews_id'),
    /** The language the course was delivered in, printed on the certificate and the verification page. */
    language: deliveryLanguage(),
  },
  (t) => [
    uniqueIndex('certificates_user_course_cycle_uq').on(t.userId, t.courseId, t.cycle),
    index('certificates_renews_idx').on(t.renewsId),
    index('certificates_course_user_idx').on(t.courseId, t.userId),
  ],
);

/** A finished training cycle of a learner in a course, kept when a recertification starts the next one. */
export const courseCycles = sqliteTable(
  'course_cycles',
  {
    id: id(),
    ...learnerCourse(),
    cycle: integer('cycle').notNull(),
    status: text('status', { enum: COURSE_PROGRESS_STATUSES }).notNull(),
    overallProgress: real('overall_progress').notNull(),
    enrolledAt: text('enrolled_at').notNull(),
    startedAt: text('started_at'),
    completedAt: text('completed_at'),
    closedAt: text('closed_at').notNull(),
  },
  (t) => [uniqueIndex('course_cycles_user_course_cycle_uq').on(t.userId, t.courseId, t.cycle)],
);

/** Component progress of finished cycles, as it stood when the next cycle started. */
export const componentProgressHistory = sqliteTable(
  'component_progress_history',
  {
    id: id(),
    ...learnerComponent(),
    cycle: integer('cycle').notNull(),
    status: text('status', { enum: COMPONENT_PROGRESS_STATUSES }).notNull(),
    progressPercentage: integer('progress_percentage').notNull(),
    score: real('score'),
    attempts: integer('attempts').notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull(),
    startedAt: text('started_at'),
    completedAt: text('completed_at'),
  },
  (t) => [
    uniqueIndex('component_progress_history_uq').on(t.userId, t.componentId, t.cycle),
    index('component_progress_history_user_course_idx').on(t.userId, t.courseId),
  ],
);

/**
 * Required training: the members of a book (optionally one department / job title) must hold what
 * the requirement's evidence rows name (requirement_evidence). `courseId` is the requirement's course
 * when it has one (null for a requirement met by an evaluation or a credential only).
 */
export const requirements = sqliteTable(
  'requirements',
  {
    id: id(),
    // Null for a requirement met without a course (an evaluation, a credential): its evidence rows say what.
    courseId: text('course_id').references(() => courses.id),
    domainId: text('domain_id')
      .notNull()
      .references(() => domains.id),
    department: text('department'),
    jobTitle: text('job_title'),
    /** Only the people of this site (migration 0037), as department and job title narrow it. */
    siteId: text('site_id').references(() => sites.id),
    dueWithinDays: integer('due_within_days').notNull().default(30),
    dueSoonDays: integer('due_soon_days').notNull().default(30),
    activeFrom: text('active_from').notNull(),
    retiredAt: text('retired_at'),
    createdBy: text('created_by'),
    ...timestamps(),
  },
  (t) => [index('requirements_domain_idx').on(t.domainId), index('requirements_course_idx').on(t.courseId)],
);

/** An admin's decision that a person need not meet a requirement until a date (reason kept). */
export const requirementExemptions = sqliteTable(
  'requirement_exemptions',
  {
    id: id(),
    requirementId: text('requirement_id')
      .notNull()
      .references(() => requirements.id),
    userId: belongsTo('user_id', () => users.id),
    reason: text('reason').notNull(),
    until: text('until').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('requirement_exemptions_user_idx').on(t.userId, t.requirementId),
    index('requirement_exemptions_requirement_idx').on(t.requirementId),
  ],
);

/** Something that happened (incident, near miss, new equipment...) that asks a person to retrain. */
export const requirementEvents = sqliteTable(
  'requirement_events',
  {
    id: id(),
    requirementId: text('requirement_id')
      .notNull()
      .references(() => requirements.id),
    userId: belongsTo('user_id', () => users.id),
    kind: text('kind', { enum: EVENT_KINDS }).notNull(),
    note: text('note').notNull(),
    occurredOn: text('occurred_on').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('requirement_events_user_idx').on(t.userId, t.requirementId),
    index('requirement_events_requirement_idx').on(t.requirementId),
  ],
);

/**
 * Reminder e-mails already queued: one per learner, course, due date and kind, so a cron that runs
 * twice (or a due date that did not move) never sends the same reminder again.
 */
export const reminders = sqliteTable(
  'reminders',
  {
    userId: belongsTo('user_id', () => users.id),
    courseId: text('course_id').notNull(),
    dueAt: text('due_at').notNull(),
    kind: text('kind').notNull(),
    sentAt: text('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.dueAt, t.kind] })],
);

export const announcements = sqliteTable('announcements', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  authorName: text('author_name').notNull(),
  priority: text('priority', { enum: PRIORITIES }).notNull().default('MEDIUM'),
  isActive: bool('is_active').notNull().default(true),
  expiresAt: text('expires_at'),
  createdBy: text('created_by'),
  ...timestamps(),
});

export const feedback = sqliteTable(
  'feedback',
  {
    id: id(),
    type: text('type', { enum: FEEDBACK_TYPES }).notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    isAnonymous: bool('is_anonymous').notNull().default(false),
    /** Null for anonymous submissions: nothing links them to their author. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('OPEN'),
    adminResponse: text('admin_response'),
    respondedBy: text('responded_by'),
    respondedAt: text('responded_at'),
    ...timestamps(),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
);

/** Append-only: no route updates or deletes rows here. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').notNull(),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    targetUsername: text('target_username'),
    entityType: text('entity_type', { enum: AUDIT_ENTITY_TYPES }),
    entityId: text('entity_id'),
    reason: text('reason'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    createdAt: createdAt(),
  },
  // Newest first with the id as tie-breaker, the audit log's one order (migration 0013); by person
  // for a site-limited administrator's scope (migration 0047).
  (t) => [index('audit_log_created_id_idx').on(t.createdAt, t.id), index('audit_log_target_idx').on(t.targetUserId)],
);

/** Open links are spent by a trigger on any change of the user's password or e-mail (migration 0021). */
export const passwordResetTokens = sqliteTable('password_reset_tokens', {
  id: id(),
  userId: belongsTo('user_id', () => users.id),
  /** SHA-256 of the token: a database leak yields no usable link. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  createdAt: createdAt(),
});

export const revokedTokens = sqliteTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: text('expires_at').notNull(),
});

export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('PENDING'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
    /** Delivery tries so far; the cron retries with backoff until MAIL_MAX_TRIES, then marks FAILED. */
    tries: integer('tries').notNull().default(0),
    nextTryAt: text('next_try_at'),
    /** The person the message is for, when it is about one (reminders): their training record shows it. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the message is (MAIL_KINDS); null for kinds that predate the column. */
    kind: text('kind', { enum: MAIL_KINDS }),
  },
  (t) => [
    index('mail_outbox_user_idx').on(t.userId, t.createdAt),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A scheduled compliance report (issue 30, migration 0046): a supervisor's team or an
 * administrator's matrix filter, e-mailed weekly or monthly. The cron claims each period by a
 * compare-and-set on `lastPeriod`, so a handler firing twice sends one report.
 */
export const reportSubscriptions = sqliteTable(
  'report_subscriptions',
  {
    id: id(),
    ownerId: belongsTo('owner_id', () => users.id),
    scope: text('scope', { enum: REPORT_SCOPES }).notNull(),
    cadence: text('cadence', { enum: REPORT_CADENCES }).notNull(),
    /** The matrix filter as canonical JSON (contract/report-subscriptions.ts canonicalFilter). */
    filter: text('filter').notNull(),
    /** The origin the links in its e-mails use (the one it was set up from, unless PUBLIC_URL is set). */
    origin: text('origin'),
    lastPeriod: text('last_period'),
    lastSentAt: text('last_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('report_subscriptions_owner_uq').on(t.ownerId, t.scope, t.cadence, t.filter)],
);

/**
 * Multipart uploads in flight. A Worker killed mid-upload (client gone, isolate evicted) never
 * completes nor aborts its upload, and the store keeps the parts; the cron aborts what stays here
 * longer than an hour.
 */
export const multipartUploads = sqliteTable(
  'multipart_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    key: text('key').notNull(),
    startedAt: text('started_at').notNull(),
  },
  (t) => [index('multipart_uploads_started_idx').on(t.startedAt)],
);

/**
 * A SCORM package whose files are being stored before its material row exists (migration 0023):
 * the material insert deletes it in the same batch; the cron deletes the files of one left over an hour.
 */
export const stagedPackages = sqliteTable(
  'staged_packages',
  {
    materialId: text('material_id').primaryKey(),
    files: text('files', { mode: 'json' }).$type<string[]>().notNull(),
    startedAt: text('started_at').notNull(),
  },
  (t) => [index('staged_packages_started_idx').on(t.startedAt)],
);

export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: integer('window_start').notNull(),
});

/** One row per learner per UTC day with learning activity: the reports' streak. */
export const learningActivity = sqliteTable(
  'learning_activity',
  {
    userId: belongsTo('user_id', () => users.id),
    day: text('day').notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Counters bumped by triggers on every write to what a cached answer reads (migration 0053):
 * `team-tasks` for "who can do this today?" (services/task-search.ts keeps answers per isolate by it).
 */
export const factVersions = sqliteTable('fact_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * The records the task rule reads, as spans of days (migration 0056, issue 30 item 5): per person and
 * piece key (a course's family or the course, a template family, a credential type, a talk topic),
 * each record with the span it is the one read (from its issue until a record replacing it is issued)
 * and when it stops counting. Written only by the triggers on the evidence tables, from the
 * `evidence_spans_*` views (services/task-search.ts reads it).
 */
export const evidenceSpans = sqliteTable(
  'evidence_spans',
  {
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
    /** The course's key (`family:<id>` or the course id), the template family id, the credential type id, the talk topic id. */
    refId: text('ref_id').notNull(),
    userId: text('user_id').notNull(),
    /** The certificate, authorisation, credential or talk. */
    recordId: text('record_id').notNull(),
    readFrom: text('read_from').notNull(),
    /** When a record replacing it was issued; null while it is the one read. */
    readUntil: text('read_until'),
    /** Its expiry; a talk's start (the task piece gives its period). */
    validUntil: text('valid_until').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId, t.userId, t.recordId] }),
    index('evidence_spans_user_idx').on(t.userId, t.kind, t.refId),
  ],
);

/**
 * The compliance summary of one matrix filter, computed from every covered person and kept until
 * the earliest moment a status can change by itself (a minute at most). Writes that change
 * compliance (certificates, requirements, exemptions, events, people) clear it.
 */
export const complianceCache = sqliteTable('compliance_cache', {
  key: text('key').primaryKey(),
  computedAt: text('computed_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  body: text('body', { mode: 'json' }).notNull(),
});

/** The covered people of a cached filter in name order, with the bits of their statuses: the matrix pages. */
export const compliancePeople = sqliteTable(
  'compliance_people',
  {
    key: text('key').notNull(),
    position: integer('position').notNull(),
    userId: text('user_id').notNull(),
    statuses: integer('statuses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.position] })],
);

/**
 * Admin figures that read whole big tables (dashboard counts and leaders, assessment totals), kept
 * until `expires_at` or until a write that changes them forgets them (middleware/common.ts).
 */
export const adminSnapshots = sqliteTable('admin_snapshots', {
  key: text('key').primaryKey(),
  expiresAt: text('expires_at').notNull(),
  body: text('body', { mode: 'json' }).notNull(),
});

/**
 * One opening of a SCORM player: the server's start time and the training cycle it belongs to. Its id
 * is the signed session id every commit of that session carries, so the Worker judges a commit's
 * times against its own clock, never the package's (docs/decisions/2026-11-28-scorm-evidence.md).
 */
export const scormLaunches = sqliteTable(
  'scorm_launches',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    componentId: belongsTo('component_id', () => components.id),
    cycle: integer('cycle').notNull(),
    startedAt: text('started_at').notNull(),
  },
  (t) => [index('scorm_launches_user_component_idx').on(t.userId, t.componentId, t.startedAt)],
);

/**
 * A learner's SCORM runtime data for one component in one training cycle: the flattened data
 * model as last committed, and what it means (status, score, time). A recertification starts a new
 * cycle and so a fresh row; earlier cycles' rows are kept.
 */
export const scormRuntime = sqliteTable(
  'scorm_runtime',
  {
    id: id(),
    ...learnerComponent(),
    cycle: integer('cycle').notNull(),
    version: text('version', { enum: SCORM_VERSIONS }).notNull(),
    cmi: text('cmi', { mode: 'json' }).notNull().$type<Record<string, string>>(),
    status: text('status').notNull(),
    successStatus: text('success_status'),
    score: real('score'),
    /** The current session's id and reported time; a new session folds it into totalSeconds. */
    sessionId: text('session_id'),
    sessionSeconds: integer('session_seconds').notNull().default(0),
    totalSeconds: integer('total_seconds').notNull().default(0),
    completedAt: text('completed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('scorm_runtime_user_component_cycle_uq').on(t.userId, t.componentId, t.cycle),
    index('scorm_runtime_course_idx').on(t.courseId, t.updatedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Training that happens off-screen (issue 28, migration 0022)

/**
 * What satisfies a requirement (all of a requirement's rows are needed together): a course
 * certificate, an authorisation of an evaluation template family, or an approved credential type.
 */
export const requirementEvidence = sqliteTable(
  'requirement_evidence',
  {
    requirementId: belongsTo('requirement_id', () => requirements.id),
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
    /** Course id, evaluation template family id, credential type id, or talk topic id. */
    refId: text('ref_id').notNull(),
    /** A `talk` piece: how many days an attended talk counts (migration 0031); null for the other kinds. */
    everyDays: integer('every_days'),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.kind, t.refId] }),
    index('requirement_evidence_ref_idx').on(t.kind, t.refId),
  ],
);

/** A task people are assigned to ("Operate a reach truck"), optionally at one site (issue 30, migration 0041). */
export const tasks = sqliteTable(
  'tasks',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    siteId: text('site_id').references(() => sites.id),
    ...timestamps(),
    retiredAt: text('retired_at'),
  },
  (t) => [
    uniqueIndex('tasks_name_site_active_uq')
      .on(sql`lower(${t.name})`, sql`coalesce(${t.siteId}, '')`)
      .where(sql`${t.retiredAt} IS NULL`),
  ],
);

/** What a task needs, all together: shaped like requirement_evidence (one rule reads both). */
export const taskEvidence = sqliteTable(
  'task_evidence',
  {
    taskId: belongsTo('task_id', () => tasks.id),
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
    /** Course id, evaluation template family id, credential type id, or talk topic id. */
    refId: text('ref_id').notNull(),
    /** A `talk` piece: how many days an attended talk counts; null for the other kinds. */
    everyDays: integer('every_days'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.kind, t.refId] }), index('task_evidence_ref_idx').on(t.kind, t.refId)],
);

/**
 * A practical evaluation checklist, versioned: all versions share `familyId` (the first version's
 * id); a PUBLISHED version is read-only and an edit makes the next version as a DRAFT. Evaluations
 * keep the version they were made on; requirements and qualifications name the family.
 */
export const evaluationTemplates = sqliteTable(
  'evaluation_templates',
  {
    id: id(),
    familyId: text('family_id').notNull(),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull().default('DRAFT'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** What a pass authorises, as printed: "Powered industrial truck — reach truck". */
    grants: text('grants').notNull(),
    /** How long an authorisation is valid (null: it does not expire). */
    validityDays: integer('validity_days'),
    /** What the evaluator must hold on the day of the evaluation (null: any administrator may evaluate). */
    evaluatorQualificationKind: text('evaluator_qualification_kind', { enum: QUALIFICATION_KINDS }),
    evaluatorQualificationId: text('evaluator_qualification_id'),
    publishedAt: text('published_at'),
    createdBy: text('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('evaluation_templates_family_version_uq').on(t.familyId, t.version)],
);

/** An observed item of a template version; a critical item must pass for a "competent" outcome. */
export const evaluationTemplateItems = sqliteTable(
  'evaluation_template_items',
  {
    id: id(),
    templateId: belongsTo('template_id', () => evaluationTemplates.id),
    orderIndex: integer('order_index').notNull(),
    text: text('text').notNull(),
    critical: bool('critical').notNull().default(false),
  },
  (t) => [index('evaluation_template_items_template_idx').on(t.templateId, t.orderIndex)],
);

/**
 * A signed practical evaluation. `id` is made by the device (an offline submission sent again
 * answers the stored record); `bodyHash` tells a replay from a different body under the same id.
 * Names are frozen at signing; the meaning is the e-signature's stated meaning.
 */
export const evaluations = sqliteTable(
  'evaluations',
  {
    id: id(),
    templateId: text('template_id')
      .notNull()
      .references(() => evaluationTemplates.id),
    traineeId: personOnRecord('trainee_id'),
    evaluatorId: personOnRecord('evaluator_id'),
    outcome: text('outcome', { enum: EVALUATION_OUTCOMES }).notNull(),
    meaning: text('meaning').notNull(),
    evaluatorName: text('evaluator_name').notNull(),
    traineeName: text('trainee_name').notNull(),
    note: text('note').notNull().default(''),
    /** Photos the device declared; they arrive after the record (evaluation_photos). */
    photoCount: integer('photo_count').notNull().default(0),
    bodyHash: text('body_hash').notNull(),
    /** When the evaluator worked through the items on the device; signedAt is the server's time of signing. */
    conductedAt: text('conducted_at').notNull(),
    signedAt: text('signed_at').notNull(),
    /** The password, or a re-authentication at the provider named (migration 0054). */
    signatureMethod: text('signature_method', { enum: SIGNATURE_METHODS }).notNull().default('password'),
    signatureProvider: text('signature_provider'),
    acknowledgedAt: text('acknowledged_at'),
    acknowledgementMethod: text('acknowledgement_method', { enum: ACKNOWLEDGEMENT_METHODS }),
    acknowledgedName: text('acknowledged_name'),
    /** A drawn signature (PNG in R2), when the trainee signed on the evaluator's device. */
    signatureKey: text('signature_key'),
    /** The course a "not yet competent" outcome enrolled the trainee in (migration 0024). */
    refresherCourseId: text('refresher_course_id').references(() => courses.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('evaluations_trainee_idx').on(t.traineeId, t.signedAt),
    index('evaluations_evaluator_idx').on(t.evaluatorId, t.signedAt),
  ],
);

export const evaluationItemResults = sqliteTable(
  'evaluation_item_results',
  {
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id),
    itemId: text('item_id')
      .notNull()
      .references(() => evaluationTemplateItems.id),
    result: text('result', { enum: ITEM_RESULTS }).notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.itemId] })],
);

/** A photo attached to an evaluation (R2 object under evaluations/<evaluationId>/); `id` is made by the device. */
export const evaluationPhotos = sqliteTable(
  'evaluation_photos',
  {
    id: id(),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('evaluation_photos_evaluation_idx').on(t.evaluationId)],
);

/**
 * The Worker's RSA-OAEP key pairs for signature envelopes (the evaluator's password sealed on the
 * device). The private key is stored sealed under a key derived from JWT_SECRET; see
 * worker/services/signature-envelopes.ts.
 */
export const signatureEnvelopeKeys = sqliteTable(
  'signature_envelope_keys',
  {
    id: id(),
    publicJwk: text('public_jwk').notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('signature_envelope_keys_created_idx').on(t.createdAt)],
);

/**
 * What a "competent" evaluation grants: verifiable by number like a certificate, revocable, and
 * renewed with lineage (`renewsId`). Title, name and scope are frozen at issue.
 */
export const authorisations = sqliteTable(
  'authorisations',
  {
    id: id(),
    number: text('number').notNull().unique(),
    userId: personOnRecord('user_id'),
    templateId: text('template_id')
      .notNull()
      .references(() => evaluationTemplates.id),
    familyId: text('family_id').notNull(),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id),
    title: text('title').notNull(),
    userName: text('user_name').notNull(),
    /** Site / department as printed ("Warehouse"), frozen at issue. */
    scope: text('scope'),
    issuedAt: text('issued_at').notNull(),
    /** NEVER_EXPIRES (9999-12-31) when the template's validity is open-ended. */
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    revokedReason: text('revoked_reason'),
    renewsId: text('renews_id'),
    storageKey: text('storage_key'),
  },
  (t) => [
    uniqueIndex('authorisations_evaluation_uq').on(t.evaluationId),
    index('authorisations_user_family_idx').on(t.userId, t.familyId, t.issuedAt),
    index('authorisations_family_idx').on(t.familyId),
  ],
);

/** A kind of credential earned elsewhere (first-aid card, licence), and which fields a submission needs. */
export const credentialTypes = sqliteTable(
  'credential_types',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    expires: bool('expires').notNull().default(true),
    requiresIssuer: bool('requires_issuer').notNull().default(true),
    requiresNumber: bool('requires_number').notNull().default(false),
    requiresIssueDate: bool('requires_issue_date').notNull().default(true),
    requiresExpiryDate: bool('requires_expiry_date').notNull().default(true),
    requiresScan: bool('requires_scan').notNull().default(true),
    retiredAt: text('retired_at'),
    createdBy: text('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('credential_types_name_uq').on(sql`lower(${t.name})`)],
);

/**
 * A credential a worker submitted: PENDING until an admin approves or rejects it (with a reason);
 * a resubmission is a new row naming the rejected one. Only an APPROVED, unexpired credential counts.
 */
export const credentials = sqliteTable(
  'credentials',
  {
    id: id(),
    userId: personOnRecord('user_id'),
    typeId: text('type_id')
      .notNull()
      .references(() => credentialTypes.id),
    status: text('status', { enum: CREDENTIAL_STATUSES }).notNull().default('PENDING'),
    issuer: text('issuer'),
    number: text('number'),
    /** Calendar days (YYYY-MM-DD) as printed on the credential. */
    issuedOn: text('issued_on'),
    expiresOn: text('expires_on'),
    scanKey: text('scan_key'),
    scanContentType: text('scan_content_type'),
    scanSize: integer('scan_size'),
    resubmitsId: text('resubmits_id'),
    submittedAt: text('submitted_at').notNull().default(now),
    reviewedBy: text('reviewed_by'),
    reviewedAt: text('reviewed_at'),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('credentials_user_type_idx').on(t.userId, t.typeId, t.status),
    // A task's credential piece reads the type's approved credentials (services/task-search.ts).
    index('credentials_type_idx').on(t.typeId, t.status, t.userId),
    index('credentials_status_idx').on(t.status, t.submittedAt),
  ],
);

/**
 * A classroom session (issue 29, migration 0029): of a course component or a stand-alone topic.
 * The outline is text and/or a material, whose title and version (its last update) are frozen here.
 * SIGNED_OFF locks the roster: later changes are amendments.
 */
export const classroomSessions = sqliteTable(
  'classroom_sessions',
  {
    id: id(),
    title: text('title').notNull(),
    componentId: text('component_id').references(() => components.id, { onDelete: 'set null' }),
    location: text('location').notNull(),
    /** Where it is held, when named (migration 0040); a retired site stays on the record. */
    siteId: text('site_id').references((): AnySQLiteColumn => sites.id),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    capacity: integer('capacity').notNull(),
    outline: text('outline').notNull().default(''),
    materialId: text('material_id').references(() => materials.id, { onDelete: 'set null' }),
    materialTitle: text('material_title'),
    materialVersion: text('material_version'),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('SCHEDULED'),
    signedOffBy: text('signed_off_by').references(() => users.id),
    signedOffName: text('signed_off_name'),
    signedOffAt: text('signed_off_at'),
    signOffMeaning: text('sign_off_meaning'),
    /** The password, or a re-authentication at the provider named (migration 0054). */
    signOffMethod: text('sign_off_method', { enum: SIGNATURE_METHODS }),
    signOffProvider: text('sign_off_provider'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('classroom_sessions_starts_idx').on(t.startsAt)],
);

export const sessionTrainers = sqliteTable(
  'session_trainers',
  {
    ...sessionPerson(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('session_trainers_user_idx').on(t.userId)],
);

/** Who is invited, and their answer; WAITLISTED people carry their place in the queue. */
export const sessionInvitations = sqliteTable(
  'session_invitations',
  {
    ...sessionPerson(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('INVITED'),
    waitlistPosition: integer('waitlist_position'),
    invitedBy: text('invited_by'),
    invitedAt: text('invited_at').notNull().default(now),
    respondedAt: text('responded_at'),
    /** When the reminder e-mail before the session went out (migration 0043); null: not (yet) sent. */
    remindedAt: text('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('session_invitations_user_idx').on(t.userId)],
);

/** One row per person marked: how (QR, roster, kiosk), when and by whom; `codeWindow` is the QR code's 30 s window. */
export const sessionAttendance = sqliteTable(
  'session_attendance',
  {
    ...sessionPerson(),
    present: bool('present').notNull(),
    method: text('method', { enum: ATTENDANCE_METHODS }).notNull(),
    at: text('at').notNull(),
    by: text('by').notNull(),
    reason: text('reason'),
    codeWindow: integer('code_window'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('session_attendance_window_idx').on(t.sessionId, t.codeWindow),
  ],
);

/** A change to a signed-off roster: both versions of the person's attendance, the reason and who made it. */
export const sessionAmendments = sqliteTable(
  'session_amendments',
  {
    id: id(),
    ...sessionPerson(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }).notNull(),
    reason: text('reason').notNull(),
    by: text('by').notNull(),
    at: text('at').notNull(),
  },
  (t) => [index('session_amendments_session_idx').on(t.sessionId, t.at)],
);

/** A person's kiosk check-in PIN (migration 0032): hashed; ten wrong guesses lock it until a new one is set. */
export const userPins = sqliteTable('user_pins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedAt: text('locked_at'),
  setAt: text('set_at').notNull(),
});

/** A kiosk a trainer opened for one session (migration 0032): only the token's hash is kept. */
export const sessionKiosks = sqliteTable(
  'session_kiosks',
  {
    id: id(),
    sessionId: belongsTo('session_id', () => classroomSessions.id),
    tokenHash: text('token_hash').notNull(),
    openedBy: personOnRecord('opened_by'),
    openedAt: text('opened_at').notNull(),
    closesAt: text('closes_at').notNull(),
    /** Failed sign-ins at this kiosk; at KIOSK_LIMITS.maxFailures it closes itself (migration 0038). */
    failedCount: integer('failed_count').notNull().default(0),
    closedAt: text('closed_at'),
    closedBy: text('closed_by'),
  },
  (t) => [uniqueIndex('session_kiosks_token_idx').on(t.tokenHash), index('session_kiosks_session_idx').on(t.sessionId)],
);

/** A toolbox talk topic of the admin library (issue 29): one page of text the foreman reads out. */
export const talkTopics = sqliteTable('talk_topics', {
  id: id(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Languages the text is written in (codes, e.g. ["en","es"]): the foreman picks a topic the crew understands. */
  languages: text('languages', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  /** A short PDF handout in storage (migration 0033), null without one. */
  pdfKey: text('pdf_key'),
  pdfBytes: integer('pdf_bytes'),
  ...timestamps(),
  retiredAt: text('retired_at'),
});

/**
 * A toolbox talk signed off by its foreman. The device makes the id; `bodyHash` answers a replay of
 * the same submission. Topic text and names are frozen as signed.
 */
export const talks = sqliteTable(
  'talks',
  {
    id: id(),
    topicId: text('topic_id')
      .notNull()
      .references(() => talkTopics.id),
    topicTitle: text('topic_title').notNull(),
    topicBody: text('topic_body').notNull(),
    foremanId: personOnRecord('foreman_id'),
    foremanName: text('foreman_name').notNull(),
    foremanJobTitle: text('foreman_job_title'),
    foremanMethod: text('foreman_method', { enum: FOREMAN_SIGN_METHODS }).notNull(),
    foremanSignatureKey: text('foreman_signature_key'),
    /** The provider the foreman re-authenticated at, when foremanMethod is 'provider' (migration 0054). */
    foremanProvider: text('foreman_provider'),
    bodyHash: text('body_hash').notNull(),
    startedAt: text('started_at').notNull(),
    signedOffAt: text('signed_off_at').notNull(),
    /** The server's time the submission arrived (the device may have been offline). */
    receivedAt: text('received_at').notNull(),
  },
  (t) => [index('talks_topic_idx').on(t.topicId, t.startedAt)],
);

/** One line of a talk's sign-in sheet; `userId` links it to an account (what the matrix counts). */
export const talkAttendees = sqliteTable(
  'talk_attendees',
  {
    talkId: belongsTo('talk_id', () => talks.id),
    position: integer('position').notNull(),
    userId: text('user_id').references(() => users.id),
    name: text('name').notNull(),
    jobTitle: text('job_title'),
    method: text('method', { enum: TALK_SIGN_METHODS }).notNull(),
    /** Who signed on the attendee's behalf (the foreman's name), with the reason. */
    signedByName: text('signed_by_name'),
    reason: text('reason'),
    signatureKey: text('signature_key'),
    signedAt: text('signed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.talkId, t.position] }), index('talk_attendees_user_idx').on(t.userId)],
);

/**
 * A crew member's signature made on their own phone (the QR on the foreman's device), kept pending
 * by the talk's device-made id until the foreman's talk arrives (it then becomes a line with method
 * "account" and this row goes) or it expires (never attendance). `topicId` and `foremanId` come from
 * the QR and must match the talk that arrives (migration 0039).
 */
export const talkSelfSignatures = sqliteTable(
  'talk_self_signatures',
  {
    talkId: text('talk_id').notNull(),
    userId: personOnRecord('user_id'),
    topicId: text('topic_id')
      .notNull()
      .references(() => talkTopics.id),
    foremanId: personOnRecord('foreman_id'),
    signedAt: text('signed_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.talkId, t.userId] }), index('talk_self_signatures_expires_idx').on(t.expiresAt)],
);
