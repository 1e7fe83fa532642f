/**
 * A requirement's audience, and bringing its training to them.
 *
 * The audience of a requirement is the active learners of the department and/or job title it names,
 * whether or not they hold its book; a requirement naming neither is for everyone who holds its
 * book (docs/decisions/2026-11-28-requirement-audience.md). The compliance rule (compliance.ts), the
 * requirement list's counts and the dialog's preview all read who is covered from `inAudience`.
 *
 * People entering an audience (a requirement added or changed, an account created, a department or
 * job title changed, a book given) get the book and an enrolment in the required course, each
 * audit-logged. Leaving an audience takes nothing away: the book, the enrolment and the progress
 * stay, the requirement just stops applying.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inListChunks } from '../db/in-list';
import { auditLog, componentProgress, courseProgress, userDomains, users } from '../db/schema';
import type { AuditAction } from '../contract/audit';
import type { AuditActor } from './audit';
import { forgetPeopleCaches } from './people-caches';

/** A requirement's audience terms, as columns of the query that asks or as bound values. */
interface AudienceTerms {
  domainId: SQL;
  department: SQL;
  jobTitle: SQL;
  /** The site (issue 30): narrows like department and job title, and like them makes the book unneeded. */
  siteId: SQL;
}

/** Is learner `u` in the audience of the requirement with these terms? */
const audienceOf = ({
  domainId,
  department,
  jobTitle,
  siteId,
}: AudienceTerms) => sql`u.deactivated_at IS NULL AND u.role = 'USER'
  AND (${department} IS NULL OR lower(u.department) = lower(${department}))
  AND (${jobTitle} IS NULL OR lower(u.job_title) = lower(${jobTitle}))
  AND (${siteId} IS NULL OR u.site_id = ${siteId})
  AND (${department} IS NOT NULL OR ${jobTitle} IS NOT NULL OR ${siteId} IS NOT NULL
    OR EXISTS (SELECT 1 FROM user_domains hb WHERE hb.user_id = u.id AND hb.domain_id = ${domainId}))`;

/**
 * Is learner `u` in the audience of requirement `r` (aliases of the query that uses it)? Retired
 * and not-yet-started requirements are the caller's concern.
 */
export const inAudience = audienceOf({
  domainId: sql`r.domain_id`,
  department: sql`r.department`,
  jobTitle: sql`r.job_title`,
  siteId: sql`r.site_id`,
});

/** The same for the requirement list's audiences (`a`: book, lower-cased department and job title). */
export const inListedAudience = audienceOf({
  domainId: sql`a.domain_id`,
  department: sql`a.department`,
  jobTitle: sql`a.job_title`,
  siteId: sql`a.site_id`,
});

/** What the requirement dialog proposes, before it is saved. */
export interface AudienceDraft {
  bookId: string;
  department: string | null;
  jobTitle: string | null;
  siteId: string | null;
}

/** How many people a requirement with these terms would cover now, and the first few names (name order). */
export async function previewAudience(db: Db, draft: AudienceDraft, shown: number) {
  // The draft's terms go where a requirement's columns would: the preview is the rule itself, not a copy.
  const where = audienceOf({
    domainId: sql`${draft.bookId}`,
    department: sql`${draft.department}`,
    jobTitle: sql`${draft.jobTitle}`,
    siteId: sql`${draft.siteId}`,
  });
  const name = sql`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`;
  // One read: the count of the whole audience rides on each of the first rows (a window over all of them).
  const rows = await db.all<{ id: string; name: string; total: number }>(
    sql`SELECT u.id AS id, ${name} AS name, count(*) OVER () AS total FROM users u WHERE ${where}
      ORDER BY lower(${name}), u.id LIMIT ${shown}`,
  );
  return { count: Number(rows[0]?.total ?? 0), people: rows.map(({ id, name }) => ({ id, name })) };
}

/** Which requirements and people a catch-up looks at. */
export interface AudienceScope {
  /** Only this requirement (it was added or changed). */
  requirementId?: string;
  /** Only the requirements of this course (it was published). */
  courseId?: string;
  /** Only these people (their account was created or changed): any number, taken in chunks. */
  userIds?: readonly string[];
}

/** The requirement-person pairs in force for a scope, with the requirement's course row `c`. */
const pairs = (scope: AudienceScope, userIds: readonly string[] | null) => {
  const conditions: SQL[] = [sql`r.retired_at IS NULL`, inAudience];
  if (scope.requirementId) conditions.push(sql`r.id = ${scope.requirementId}`);
  if (scope.courseId) conditions.push(sql`r.course_id = ${scope.courseId}`);
  if (userIds)
    conditions.push(
      sql`u.id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return sql`requirements r JOIN courses c ON c.id = r.course_id JOIN users u ON ${sql.join(conditions, sql` AND `)}`;
};

/** The person holds no enrolment in the required course or any language version of it. */
const notEnrolled = sql`NOT EXISTS (SELECT 1 FROM course_progress p WHERE p.user_id = u.id AND (p.course_id = c.id
  OR (c.family_id IS NOT NULL AND p.course_id IN (SELECT f.id FROM courses f WHERE f.family_id = c.family_id))))`;

/**
 * The published version of the required course in the learner's own language, if its family has one:
 * a Spanish speaker is enrolled in the Spanish version of an English requirement (its certificate
 * meets the requirement too).
 */
const inOwnLanguage = sql`c.family_id IS NOT NULL AND v.family_id = c.family_id AND v.language = u.language
  AND v.status = 'PUBLISHED'`;

/**
 * One audit row per (person, requirement) chosen by `from ... where`, as `INSERT ... SELECT` (a
 * select given as SQL fills every column of the table, in the table's order).
 */
function auditRows(db: Db, actor: AuditActor, action: AuditAction, at: string, from: SQL, after: SQL) {
  return db.insert(auditLog).select(
    sql`SELECT lower(hex(randomblob(16))), ${actor.id}, ${actor.username}, ${action}, u.id, u.username,
      'REQUIREMENT', min(r.id), NULL, NULL, ${after}, ${at} FROM ${from}`,
  );
}

/**
 * Gives the people of the scope's audiences the requirement's book and enrols them in its course
 * (a published course only: a draft cannot be opened yet), with one audit entry per book given
 * (`REQUIREMENT_BOOK_ASSIGNED`) and per enrolment (`REQUIREMENT_ENROLLED`). Idempotent: a book held
 * or an enrolment in any version of the course is left as it is, so running it twice changes
 * nothing and no progress is touched. Returns how many books and enrolments it added.
 */
export async function bringRequiredTraining(db: Db, actor: AuditActor, scope: AudienceScope, now = new Date()) {
  const at = now.toISOString();
  const parts: (readonly string[] | null)[] = scope.userIds ? inListChunks(scope.userIds) : [null];
  let books = 0;
  let enrolments = 0;
  for (const userIds of parts) {
    const from = pairs(scope, userIds);
    const missingBook = sql`NOT EXISTS (SELECT 1 FROM user_domains x WHERE x.user_id = u.id AND x.domain_id = r.domain_id)`;
    const toEnrol = sql`c.status = 'PUBLISHED' AND ${notEnrolled}`;
    // Audit rows first, while "missing" still reads the state before the change (the same batch,
    // so the entries and the writes exist together or not at all).
    const results = await db.batch([
      auditRows(
        db,
        actor,
        'REQUIREMENT_BOOK_ASSIGNED',
        at,
        sql`${from} WHERE ${missingBook} GROUP BY u.id, r.domain_id`,
        sql`json_object('bookId', r.domain_id)`,
      ),
      auditRows(
        db,
        actor,
        'REQUIREMENT_ENROLLED',
        at,
        sql`${from} LEFT JOIN courses v ON ${inOwnLanguage} WHERE ${toEnrol} GROUP BY u.id, c.id`,
        sql`json_object('courseId', coalesce(v.id, c.id))`,
      ),
      db
        .insert(userDomains)
        .select(sql`SELECT DISTINCT u.id, r.domain_id, ${at} FROM ${from} WHERE ${missingBook}`)
        .onConflictDoNothing(),
      // Not "accessed": the learner has not opened it yet (the dashboard's "continue" reads that).
      db
        .insert(courseProgress)
        .select(
          sql`SELECT lower(hex(randomblob(16))), u.id, coalesce(v.id, c.id), 'ENROLLED', 0, ${at}, NULL, NULL, NULL, 1,
              coalesce(v.language, c.language)
            FROM ${from} LEFT JOIN courses v ON ${inOwnLanguage} WHERE ${toEnrol} GROUP BY u.id, c.id`,
        )
        .onConflictDoNothing(),
      // Component rows of the enrolments just made (marked by their instant), never of older ones.
      db
        .insert(componentProgress)
        .select(
          sql`SELECT lower(hex(randomblob(16))), p.user_id, p.course_id, k.id, 'NOT_STARTED', 0, NULL, 0, 0, NULL, NULL, NULL, NULL
            FROM course_progress p JOIN course_components k ON k.course_id = p.course_id
            WHERE p.enrolled_at = ${at} AND p.status = 'ENROLLED' AND p.user_id IN (SELECT u.id FROM ${from})`,
        )
        .onConflictDoNothing(),
      ...forgetPeopleCaches(db),
    ]);
    books += changes(results[2]);
    enrolments += changes(results[3]);
  }
  return { books, enrolments };
}

const changes = (result: unknown) => Number((result as { meta?: { changes?: number } }).meta?.changes ?? 0);

/**
 * The one call of the user write paths: people were created, or their department, job title or
 * books changed. Those in `moved` (department or job title changed) are covered from now by the
 * requirements they enter, not from the day they got the book; then everyone listed gets the
 * training of the audiences they are in.
 */
export async function afterPeopleChanged(
  db: Db,
  actor: AuditActor,
  userIds: readonly string[],
  moved: readonly string[] = [],
  now = new Date(),
) {
  if (moved.length > 0) {
    const at = now.toISOString();
    const updates = inListChunks(moved).map((part) =>
      db.update(users).set({ audienceSince: at }).where(inArray(users.id, part)),
    );
    await db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  }
  if (userIds.length > 0) await bringRequiredTraining(db, actor, { userIds }, now);
}

/** Did an edit change what a requirement's audience is decided by? (Case is not a change: the rule ignores it; a site change is checked by its caller.) */
export const movedAudience = (
  before: { department: string | null; jobTitle: string | null },
  after: { department?: string | null; jobTitle?: string | null },
) =>
  (after.department !== undefined &&
    (after.department ?? '').toLowerCase() !== (before.department ?? '').toLowerCase()) ||
  (after.jobTitle !== undefined && (after.jobTitle ?? '').toLowerCase() !== (before.jobTitle ?? '').toLowerCase());
